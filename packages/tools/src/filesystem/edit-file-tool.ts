import { readFile, stat, writeFile } from 'node:fs/promises';
import { Tool, type JsonSchema } from '@toolcraft/core';
import type { FileSystemSettings } from './filesystem-options.js';
import type { RootedPaths } from './rooted-path.js';

/** The arguments of `edit_file`. */
interface EditArgs {
  path: string;
  oldText: string;
  newText: string;
}

const editArgs: JsonSchema = {
  type: 'object',
  properties: {
    path: { type: 'string', minLength: 1, description: 'The file, relative to the working folder' },
    oldText: { type: 'string', minLength: 1, description: 'The exact text to replace; it must occur exactly once in the file' },
    newText: { type: 'string', description: 'The text to put in its place' },
  },
  required: ['path', 'oldText', 'newText'],
  additionalProperties: false,
};

/** `edit_file`: replaces one snippet that occurs exactly once; a missing or repeated snippet is an error saying so. */
export class EditFileTool extends Tool<EditArgs, string> {
  /**
   * @param paths - the root's paths
   * @param settings - the toolset's limits
   * @param name - the tool's name
   */
  constructor(
    private readonly paths: RootedPaths,
    private readonly settings: FileSystemSettings,
    name: string,
  ) {
    super({ name, description: 'Replaces a snippet that occurs exactly once in a file.', argsType: editArgs, effects: 'write' });
  }

  async execute(args: EditArgs): Promise<string> {
    const path = await this.paths.resolve(args.path);
    if ((await stat(path)).size > this.settings.maxFileBytes)
      throw new Error(`'${args.path}' is larger than the ${this.settings.maxFileBytes} bytes these tools edit.`);
    const content = await readFile(path, 'utf8');
    const first = content.indexOf(args.oldText);
    if (first < 0) throw new Error(`The text to replace does not occur in '${args.path}'; read the file and copy the snippet exactly.`);
    let count = 0;
    for (let at = first; at >= 0; at = content.indexOf(args.oldText, at + 1)) count++;
    if (count > 1)
      throw new Error(
        `The text to replace occurs ${count} times in '${args.path}'; include more of the lines around it so it occurs once.`,
      );
    const next = content.slice(0, first) + args.newText + content.slice(first + args.oldText.length);
    const bytes = Buffer.byteLength(next, 'utf8');
    if (bytes > this.settings.maxWriteBytes)
      throw new Error(`The edited file would have ${bytes} bytes, more than the ${this.settings.maxWriteBytes} these tools write.`);
    await writeFile(path, next, 'utf8');
    const line = content.slice(0, first).split('\n').length;
    return `Edited ${await this.paths.display(path)} at line ${line}.`;
  }
}
