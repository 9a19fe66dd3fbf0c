import { statSync } from 'node:fs';
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
 * A directory stands for its `tsconfig.json`. A solution-style tsconfig (no files of its own,
 * only `references`) stands for the projects it references: one program over all their files,
 * with the compiler options of the first one.
 * @param tsconfigPath - the project's tsconfig.json, or its directory
 * @param files - only scan these files (they become the program's roots)
 * @returns the program and the files to scan
 * @throws SchemaGenerationError when the tsconfig cannot be read or has errors
 */
export function loadProject(tsconfigPath: string, files?: readonly string[]): LoadedProject {
  const configPath = configFileOf(tsconfigPath);
  const baseDirectory = path.dirname(configPath);
  const parsed = parseConfig(configPath);
  const isSolution = parsed.fileNames.length === 0 && (parsed.projectReferences?.length ?? 0) > 0;
  const projects = isSolution ? referencedProjects(parsed, configPath) : [parsed];
  const rootNames =
    files === undefined ? unique(projects.flatMap((project) => project.fileNames)) : files.map((file) => path.resolve(baseDirectory, file));
  const options: ts.CompilerOptions = {
    ...projects[0]!.options,
    noEmit: true,
    declaration: false,
    declarationMap: false,
    composite: false,
    incremental: false,
    sourceMap: false,
  };
  const program = ts.createProgram({ rootNames, options, projectReferences: isSolution ? undefined : parsed.projectReferences });
  const roots = new Set(rootNames.map((name) => path.normalize(name)));
  const scannedFiles = program.getSourceFiles().filter((file) => !file.isDeclarationFile && roots.has(path.normalize(file.fileName)));
  return { program, scannedFiles, baseDirectory };
}

function configFileOf(tsconfigPath: string): string {
  const resolved = path.resolve(tsconfigPath);
  return isDirectory(resolved) ? path.join(resolved, 'tsconfig.json') : resolved;
}

function isDirectory(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}

function parseConfig(configPath: string): ts.ParsedCommandLine {
  const read = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file));
  if (read.error !== undefined) throw configError(configPath, [read.error]);
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(configPath), undefined, configPath);
  const errors = parsed.errors.filter((error) => error.code !== 18003); // "no inputs" is fine with `files` or `references`
  if (errors.length > 0) throw configError(configPath, errors);
  return parsed;
}

/** The projects a solution-style tsconfig references, depth first, each once; those with files of their own. */
function referencedProjects(solution: ts.ParsedCommandLine, solutionPath: string): ts.ParsedCommandLine[] {
  const found: ts.ParsedCommandLine[] = [];
  const seen = new Set<string>([path.normalize(solutionPath)]);
  const visit = (project: ts.ParsedCommandLine): void => {
    for (const reference of project.projectReferences ?? []) {
      const configPath = path.normalize(ts.resolveProjectReferencePath(reference));
      if (seen.has(configPath)) continue;
      seen.add(configPath);
      const parsed = parseConfig(configPath);
      if (parsed.fileNames.length > 0) found.push(parsed);
      visit(parsed);
    }
  };
  visit(solution);
  if (found.length === 0) {
    throw new SchemaGenerationError(
      `The TypeScript project ${solutionPath} has no files of its own, and the projects it references have none either. ` +
        'Pass the tsconfig of the project that holds your tools with --project (e.g. tsconfig.app.json).',
    );
  }
  return found;
}

function unique(names: readonly string[]): string[] {
  return [...new Set(names)];
}

function configError(configPath: string, diagnostics: readonly ts.Diagnostic[]): SchemaGenerationError {
  const text = diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n');
  return new SchemaGenerationError(`Cannot read the TypeScript project ${configPath}: ${text}`);
}
