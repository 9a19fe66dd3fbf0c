import { Tool, type JsonSchema } from '@toolcraft/core';
import { readBytes, replaceBytes } from './file-bytes.js';
import type { FileSystemSettings } from './filesystem-options.js';
import { openToWrite } from './open-inside.js';
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

/**
 * `edit_file`: replaces one snippet that occurs exactly once; a missing or repeated snippet is an error
 * saying so. The file's bytes are edited (the snippets as UTF-8), so every other byte stays as it was,
 * in any encoding.
 */
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
    const file = await openToWrite(this.paths, args.path, 'edit');
    try {
      if (file.size > this.settings.maxFileBytes)
        throw new Error(`'${args.path}' has ${file.size} bytes, more than the ${this.settings.maxFileBytes} these tools edit.`);
      const content = await readBytes(file.handle, this.settings.maxFileBytes, `'${args.path}'`);
      const old = Buffer.from(args.oldText, 'utf8');
      const first = content.indexOf(old);
      if (first < 0) throw new Error(missing(args, content));
      let count = 0;
      for (let at = first; at >= 0; at = content.indexOf(old, at + 1)) count++;
      if (count > 1)
        throw new Error(
          `The text to replace occurs ${count} times in '${args.path}'; include more of the lines around it so it occurs once.`,
        );
      const next = Buffer.concat([content.subarray(0, first), Buffer.from(args.newText, 'utf8'), content.subarray(first + old.length)]);
      if (next.length > this.settings.maxWriteBytes)
        throw new Error(`The edited file would have ${next.length} bytes, more than the ${this.settings.maxWriteBytes} these tools write.`);
      await replaceBytes(file.handle, next);
      const line = countNewlines(content.subarray(0, first)) + 1;
      return `Edited ${await this.paths.display(file.path)} at line ${line}.`;
    } finally {
      await file.handle.close();
    }
  }
}

function missing(args: EditArgs, content: Buffer): string {
  const base = `The text to replace does not occur in '${args.path}'; read the file and copy the snippet exactly.`;
  if (isUtf8(content)) return base;
  return `${base} The file is not valid UTF-8: its undecodable bytes read as \uFFFD, which matches nothing; choose a snippet without them.`;
}

function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function countNewlines(bytes: Buffer): number {
  let count = 0;
  for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) count++;
  return count;
}
