import { join } from 'node:path';
import { Tool, type JsonSchema } from '@toolcraft/core';
import { readBytes } from './file-bytes.js';
import type { FileSystemSettings } from './filesystem-options.js';
import { listInside, openEntry } from './open-inside.js';
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

/**
 * `search_files`: the lines that hold a text, as `path:line: text`, in every regular text file under a
 * folder (symlinks, binary files and files over `maxFileBytes` skipped, the last ones counted).
 */
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
    const given = args.path ?? '.';
    const needle = args.ignoreCase === true ? args.text.toLowerCase() : args.text;
    const matches: string[] = [];
    const limit = this.settings.maxEntries;
    let tooLarge = 0;
    const visit = async (real: string, shown: string): Promise<boolean> => {
      const folder = await listInside(this.paths, real, shown);
      for (const child of folder.entries) {
        const path = join(folder.path, child.name);
        const display = await this.paths.display(path);
        if (child.isDirectory()) {
          if (!(await visit(path, display))) return false;
          continue;
        }
        if (!child.isFile()) continue;
        const { text, tooLarge: large } = await this.readText(path, display);
        if (large) tooLarge++;
        if (text === undefined) continue;
        const lines = text.split('\n');
        for (let index = 0; index < lines.length; index++) {
          const line = lines[index]!;
          if (!(args.ignoreCase === true ? line.toLowerCase() : line).includes(needle)) continue;
          if (matches.length >= limit) return false;
          matches.push(`${display}:${index + 1}: ${line.length > 300 ? `${line.slice(0, 300)}...` : line}`);
        }
      }
      return true;
    };
    const complete = await visit(await this.paths.resolve(given), given);
    const skipped = tooLarge > 0 ? `\n[${tooLarge} file(s) over ${this.settings.maxFileBytes} bytes not searched]` : '';
    if (matches.length === 0) throw new Error(`No file under '${given}' holds '${args.text}'.${skipped}`);
    const listed = complete ? matches.join('\n') : `${matches.join('\n')}\n[... more matches not listed: the limit is ${limit}]`;
    return `${listed}${skipped}`;
  }

  /** A text file's content; none for one that is binary, too large, or not a regular file inside the root now. */
  private async readText(path: string, shown: string): Promise<{ text?: string; tooLarge?: boolean }> {
    const file = await openEntry(this.paths, path, shown).catch(() => undefined);
    if (file === undefined) return {};
    try {
      if (file.size > this.settings.maxFileBytes) return { tooLarge: true };
      const text = (await readBytes(file.handle, this.settings.maxFileBytes, shown)).toString('utf8');
      return text.includes('\u0000') ? {} : { text };
    } catch {
      return {};
    } finally {
      await file.handle.close();
    }
  }
}
