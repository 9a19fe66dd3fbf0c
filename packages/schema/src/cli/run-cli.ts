import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { ToolcraftError } from '@toolcraft/core';
import { checkToolSchemas } from '../check/check-tool-schemas.js';
import { formatDifferences } from '../check/format-differences.js';
import { generateToolSchemas } from '../generate-tool-schemas.js';
import { readManifest } from '../manifest/read-manifest.js';
import { serializeManifest } from '../manifest/serialize-manifest.js';
import { parseCliArguments, USAGE } from './cli-arguments.js';

/** Where the CLI writes and which directory it resolves paths against. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** The working directory; `process.cwd()` by default. */
  cwd?: string;
}

/**
 * Runs `toolcraft-schema`: writes the manifest, or with `--check` compares it with the code.
 * @param argv - the arguments after the program name
 * @param io - output streams and working directory
 * @returns the exit code: 0 on success or an up-to-date manifest, 1 for a stale manifest
 * or a generation error, 2 for bad arguments
 * @example
 * process.exitCode = runCli(process.argv.slice(2), { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) });
 */
export function runCli(argv: readonly string[], io: CliIo): number {
  let args;
  try {
    args = parseCliArguments(argv);
  } catch (error) {
    io.stderr(`toolcraft-schema: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    io.stdout(USAGE);
    return 0;
  }
  const cwd = io.cwd ?? process.cwd();
  const project = path.resolve(cwd, args.project);
  const out = path.resolve(cwd, args.out);
  const files = args.files.length === 0 ? undefined : args.files.map((file) => path.resolve(cwd, file));
  const onWarning = (message: string): void => io.stderr(`${message}\n`);
  try {
    if (args.check) {
      const differences = checkToolSchemas({ project, files, manifest: readManifest(out), onWarning });
      if (differences.length === 0) {
        io.stdout(`${args.out} is up to date.\n`);
        return 0;
      }
      io.stderr(
        `${formatDifferences(differences, args.out)}Run \`toolcraft-schema --project ${args.project} --out ${args.out}\` to update it.\n`,
      );
      return 1;
    }
    const manifest = generateToolSchemas({ project, files, onWarning });
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, serializeManifest(manifest));
    const count = Object.keys(manifest.tools).length;
    io.stdout(`Wrote ${count} tool schemas to ${args.out}.\n`);
    if (count === 0) io.stderr(noToolsWarning(args.project));
    return 0;
  } catch (error) {
    if (!ToolcraftError.isInstance(error)) throw error;
    io.stderr(`toolcraft-schema: ${error.message}\n`);
    return 1;
  }
}

function noToolsWarning(project: string): string {
  return (
    `toolcraft-schema: warning: no @Tool methods or tool classes found in the files of ${project}. ` +
    'Check that --project names the tsconfig that includes your tools (for a solution-style tsconfig, its references are followed).\n'
  );
}
