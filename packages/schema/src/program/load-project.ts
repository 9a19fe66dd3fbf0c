import * as path from 'node:path';
import { ts } from '../typescript.js';
import { SchemaGenerationError } from '../errors/schema-generation-error.js';

/** A TypeScript project loaded once for a whole generation run. */
export interface LoadedProject {
  /** The one program of the run. */
  program: ts.Program;
  /** The files whose tools are scanned (the project's own files, or the files asked for). */
  scannedFiles: ts.SourceFile[];
  /** The directory paths in messages are relative to. */
  baseDirectory: string;
}

/**
 * Reads a tsconfig and builds one program for it, without emitting or type-checking.
 * @param tsconfigPath - the project's tsconfig.json
 * @param files - only scan these files (they become the program's roots)
 * @returns the program and the files to scan
 * @throws SchemaGenerationError when the tsconfig cannot be read or has errors
 */
export function loadProject(tsconfigPath: string, files?: readonly string[]): LoadedProject {
  const configPath = path.resolve(tsconfigPath);
  const read = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file));
  if (read.error !== undefined) throw configError(configPath, [read.error]);
  const baseDirectory = path.dirname(configPath);
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, baseDirectory, undefined, configPath);
  const errors = parsed.errors.filter((error) => error.code !== 18003); // "no inputs" is fine with `files`
  if (errors.length > 0) throw configError(configPath, errors);
  const rootNames = files === undefined ? parsed.fileNames : files.map((file) => path.resolve(baseDirectory, file));
  const options: ts.CompilerOptions = {
    ...parsed.options,
    noEmit: true,
    declaration: false,
    declarationMap: false,
    composite: false,
    incremental: false,
    sourceMap: false,
  };
  const program = ts.createProgram({ rootNames, options, projectReferences: parsed.projectReferences });
  const roots = new Set(rootNames.map((name) => path.normalize(name)));
  const scannedFiles = program.getSourceFiles().filter((file) => !file.isDeclarationFile && roots.has(path.normalize(file.fileName)));
  return { program, scannedFiles, baseDirectory };
}

function configError(configPath: string, diagnostics: readonly ts.Diagnostic[]): SchemaGenerationError {
  const text = diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n');
  return new SchemaGenerationError(`Cannot read the TypeScript project ${configPath}: ${text}`);
}
