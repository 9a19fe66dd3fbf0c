import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Tool, type JsonSchema } from '@toolcraft/core';
import type { FileSystemSettings } from './filesystem-options.js';
import type { RootedPaths } from './rooted-path.js';

/** The arguments of `search_files`. */
interface SearchArgs {
  text: string;
  path?: string;
  ignoreCase?: boolean;
}

const searchArgs: JsonSchema = {
  type: 'object',
  properties: {
    text: { type: 'string', minLength: 1, description: 'The text to find (plain text, not a pattern)' },
    path: { type: 'string', description: "The folder to search in, relative to the working folder; default '.'" },
    ignoreCase: { type: 'boolean', description: 'Match regardless of case; default false' },
  },
  required: ['text'],
  additionalProperties: false,
};

/** `search_files`: the lines that hold a text, as `path:line: text`, in every text file under a folder. */
export class SearchFilesTool extends Tool<SearchArgs, string> {
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
    super({
      name,
      description: 'Finds the lines holding a text in the files under a folder (path:line: text).',
      argsType: searchArgs,
      effects: 'read',
    });
  }

  async execute(args: SearchArgs): Promise<string> {
    const folder = await this.paths.resolve(args.path ?? '.');
    const needle = args.ignoreCase === true ? args.text.toLowerCase() : args.text;
    const matches: string[] = [];
    const limit = this.settings.maxEntries;
    const visit = async (absolute: string): Promise<boolean> => {
      for (const child of (await readdir(absolute, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
        const path = join(absolute, child.name);
        if (child.isDirectory()) {
          if (!(await visit(path))) return false;
          continue;
        }
        if (!child.isFile() || (await stat(path)).size > this.settings.maxFileBytes) continue;
        const content = await readFile(path, 'utf8');
        if (content.includes('\u0000')) continue;
        const lines = content.split('\n');
        for (let index = 0; index < lines.length; index++) {
          const line = lines[index]!;
          if (!(args.ignoreCase === true ? line.toLowerCase() : line).includes(needle)) continue;
          if (matches.length >= limit) return false;
          matches.push(`${await this.paths.display(path)}:${index + 1}: ${line.length > 300 ? `${line.slice(0, 300)}...` : line}`);
        }
      }
      return true;
    };
    const complete = await visit(folder);
    if (matches.length === 0) throw new Error(`No file under '${args.path ?? '.'}' holds '${args.text}'.`);
    return complete ? matches.join('\n') : `${matches.join('\n')}\n[... more matches not listed: the limit is ${limit}]`;
  }
}
