import { Tool, type JsonSchema } from '@toolcraft/core';
import { readBytes } from './file-bytes.js';
import type { FileSystemSettings } from './filesystem-options.js';
import { openToRead } from './open-inside.js';
import type { RootedPaths } from './rooted-path.js';

/** The arguments of `read_file`. */
interface ReadArgs {
  path: string;
  startLine?: number;
  endLine?: number;
  startChar?: number;
}

const readArgs: JsonSchema = {
  type: 'object',
  properties: {
    path: { type: 'string', minLength: 1, description: 'The file, relative to the working folder' },
    startLine: { type: 'integer', minimum: 1, description: 'The first line to read (1-based); default the first' },
    endLine: { type: 'integer', minimum: 1, description: 'The last line to read (inclusive); default the last' },
    startChar: {
      type: 'integer',
      minimum: 1,
      description: 'The character of startLine to start at (1-based), to read on in a line too long for one read; default 1',
    },
  },
  required: ['path'],
  additionalProperties: false,
};

/**
 * `read_file`: a text file's lines (all, or a range), numbered, cut at `maxReadChars`; a line longer
 * than that is cut too, saying the `startLine` and `startChar` to read on from.
 */
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
    const file = await openToRead(this.paths, args.path);
    let content: string;
    try {
      if (file.size > this.settings.maxFileBytes)
        throw new Error(`'${args.path}' has ${file.size} bytes, more than the ${this.settings.maxFileBytes} these tools read.`);
      content = (await readBytes(file.handle, this.settings.maxFileBytes, `'${args.path}'`)).toString('utf8');
    } finally {
      await file.handle.close();
    }
    const lines = content.split('\n');
    const start = args.startLine ?? 1;
    const end = Math.min(args.endLine ?? lines.length, lines.length);
    if (start > lines.length) throw new Error(`'${args.path}' has ${lines.length} lines; startLine ${start} is past its end.`);
    if (end < start) throw new Error(`endLine ${end} is before startLine ${start}.`);
    const skip = (args.startChar ?? 1) - 1;
    if (skip > 0 && skip >= lines[start - 1]!.length)
      throw new Error(`Line ${start} has ${lines[start - 1]!.length} characters; startChar ${skip + 1} is past its end.`);
    return numbered(lines, start, end, skip, this.settings.maxReadChars);
  }
}

/** The lines numbered, at most `max` characters; a first line too long alone is cut inside, saying where to read on. */
function numbered(lines: readonly string[], start: number, end: number, skip: number, max: number): string {
  let text = '';
  for (let line = start; line <= end; line++) {
    const offset = line === start ? skip : 0;
    const body = lines[line - 1]!.slice(offset);
    const next = `${line}\t${body}\n`;
    if (text.length + next.length <= max) {
      text += next;
      continue;
    }
    if (text !== '') return `${text}[... cut at ${max} characters: read on with startLine ${line}]`;
    const room = fittingChars(body, max - `${line}\t`.length - 1);
    return (
      `${line}\t${body.slice(0, room)}\n` +
      `[... line ${line} cut at ${max} characters: read on with startLine ${line}, startChar ${offset + room + 1}]`
    );
  }
  return text === '' ? '(empty file)' : text;
}

/** At least one character (so reading on always moves), never half of a surrogate pair. */
function fittingChars(text: string, room: number): number {
  let count = Math.max(1, room);
  const last = text.charCodeAt(count - 1);
  if (last >= 0xd800 && last <= 0xdbff) count += count === 1 ? 1 : -1;
  return count;
}
