import { Tool, type JsonSchema } from '@toolcraft/core';
import { replaceBytes } from './file-bytes.js';
import type { FileSystemSettings } from './filesystem-options.js';
import { openToWrite } from './open-inside.js';
import type { RootedPaths } from './rooted-path.js';

/** The arguments of `write_file`. */
interface WriteArgs {
  path: string;
  content: string;
}

const writeArgs: JsonSchema = {
  type: 'object',
  properties: {
    path: { type: 'string', minLength: 1, description: 'The file, relative to the working folder (folders are made as needed)' },
    content: { type: 'string', description: 'The whole new content of the file' },
  },
  required: ['path', 'content'],
  additionalProperties: false,
};

/**
 * `write_file`: creates or replaces a regular file with the given content, at most `maxWriteBytes`;
 * never writes through a symlink, nor into a pipe or device.
 */
export class WriteFileTool extends Tool<WriteArgs, string> {
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
    super({ name, description: 'Creates a file, or replaces its whole content.', argsType: writeArgs, effects: 'write', idempotent: true });
  }

  async execute(args: WriteArgs): Promise<string> {
    const bytes = Buffer.from(args.content, 'utf8');
    if (bytes.length > this.settings.maxWriteBytes)
      throw new Error(`The content has ${bytes.length} bytes, more than the ${this.settings.maxWriteBytes} these tools write.`);
    const file = await openToWrite(this.paths, args.path, 'replace');
    try {
      await replaceBytes(file.handle, bytes);
    } finally {
      await file.handle.close();
    }
    return `Wrote ${bytes.length} bytes to ${await this.paths.display(file.path)}.`;
  }
}
