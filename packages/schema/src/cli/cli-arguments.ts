import { parseArgs } from 'node:util';

/** The parsed command line of `toolcraft-schema`. */
export interface CliArguments {
  project: string;
  out: string;
  check: boolean;
  help: boolean;
  /** Files to scan instead of the whole project. */
  files: string[];
}

/** The usage text `toolcraft-schema --help` prints. */
export const USAGE = `Usage: toolcraft-schema [--project tsconfig.json] [--out tool-schemas.json] [--check] [files...]

Generates the schema manifest of the @Tool methods and tool classes of a TypeScript
project, from its types and TSDoc.

  -p, --project <file>  the tsconfig.json of the project (default: tsconfig.json)
  -o, --out <file>      the manifest to write or check (default: tool-schemas.json)
      --check           do not write; exit 1 with a diff when the manifest is stale
  -h, --help            print this help
  files...              scan only these files (default: every file the tsconfig includes)
`;

/**
 * Parses `toolcraft-schema`'s arguments.
 * @param argv - the arguments after the program name
 * @returns the parsed arguments
 * @throws TypeError for an unknown option or a missing value
 */
export function parseCliArguments(argv: readonly string[]): CliArguments {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      project: { type: 'string', short: 'p', default: 'tsconfig.json' },
      out: { type: 'string', short: 'o', default: 'tool-schemas.json' },
      check: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  return { project: values.project, out: values.out, check: values.check, help: values.help, files: positionals };
}
