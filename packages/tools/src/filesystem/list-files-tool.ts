import { join } from 'node:path';
import { Tool, type JsonSchema } from '@toolcraft/core';
import type { FileSystemSettings } from './filesystem-options.js';
import { listInside } from './open-inside.js';
import type { RootedPaths } from './rooted-path.js';

/** The arguments of `list_files`. */
interface ListArgs {
  path?: string;
  recursive?: boolean;
}

const listArgs: JsonSchema = {
  type: 'object',
  properties: {
    path: { type: 'string', description: "The folder, relative to the working folder; default '.'" },
    recursive: { type: 'boolean', description: 'List the folders inside too; default false' },
  },
  additionalProperties: false,
};

/** `list_files`: a folder's entries (folders end in `/`), at most `maxEntries`; symlinks are listed, not followed. */
export class ListFilesTool extends Tool<ListArgs, string> {
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
    super({ name, description: 'Lists the files and folders in a folder (folders end in /).', argsType: listArgs, effects: 'read' });
  }

  async execute(args: ListArgs): Promise<string> {
    const given = args.path ?? '.';
    const entries: string[] = [];
    const limit = this.settings.maxEntries;
    const walk = async (real: string, shown: string): Promise<boolean> => {
      const folder = await listInside(this.paths, real, shown);
      for (const child of folder.entries) {
        if (entries.length >= limit) return false;
        const path = join(folder.path, child.name);
        const display = await this.paths.display(path);
        entries.push(child.isDirectory() ? `${display}/` : display);
        if (args.recursive === true && child.isDirectory() && !(await walk(path, display))) return false;
      }
      return true;
    };
    const complete = await walk(await this.paths.resolve(given), given);
    if (entries.length === 0) return '(empty folder)';
    return complete ? entries.join('\n') : `${entries.join('\n')}\n[... more entries not listed: the limit is ${limit}]`;
  }
}
