import { readFile, stat } from 'node:fs/promises';
import { Tool, type JsonSchema } from '@toolcraft/core';
import type { FileSystemSettings } from './filesystem-options.js';
import type { RootedPaths } from './rooted-path.js';

/** The arguments of `read_file`. */
interface ReadArgs {
  path: string;
  startLine?: number;
  endLine?: number;
}

const readArgs: JsonSchema = {
  type: 'object',
  properties: {
    path: { type: 'string', minLength: 1, description: 'The file, relative to the working folder' },
    startLine: { type: 'integer', minimum: 1, description: 'The first line to read (1-based); default the first' },
    endLine: { type: 'integer', minimum: 1, description: 'The last line to read (inclusive); default the last' },
  },
  required: ['path'],
  additionalProperties: false,
};

/** `read_file`: a text file's lines (all, or a range), numbered, cut at `maxReadChars`. */
export class ReadFileTool extends Tool<ReadArgs, string> {
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
    super({ name, description: 'Reads a text file, or a range of its lines, with line numbers.', argsType: readArgs, effects: 'read' });
  }

  async execute(args: ReadArgs): Promise<string> {
    const path = await this.paths.resolve(args.path);
    const info = await stat(path);
    if (!info.isFile()) throw new Error(`'${args.path}' is not a file (use list_files for a folder).`);
    if (info.size > this.settings.maxFileBytes)
      throw new Error(`'${args.path}' has ${info.size} bytes, more than the ${this.settings.maxFileBytes} these tools read.`);
    const lines = (await readFile(path, 'utf8')).split('\n');
    const start = args.startLine ?? 1;
    const end = Math.min(args.endLine ?? lines.length, lines.length);
    if (start > lines.length) throw new Error(`'${args.path}' has ${lines.length} lines; startLine ${start} is past its end.`);
    if (end < start) throw new Error(`endLine ${end} is before startLine ${start}.`);
    let text = '';
    for (let line = start; line <= end; line++) {
      const next = `${line}\t${lines[line - 1]}\n`;
      if (text.length + next.length > this.settings.maxReadChars)
        return `${text}[... cut at ${this.settings.maxReadChars} characters: read on with startLine ${line}]`;
      text += next;
    }
    return text === '' ? '(empty file)' : text;
  }
}
