import type { ToolSchemaManifest, ToolSchemaManifestEntry } from '@toolcraft/core';
import { ts } from './typescript.js';
import { buildClassEntry } from './entries/build-class-entry.js';
import { buildMethodEntry } from './entries/build-method-entry.js';
import type { GenerationContext } from './entries/generation-context.js';
import { SchemaGenerationError } from './errors/schema-generation-error.js';
import { loadProject } from './program/load-project.js';
import { importedNamesCache } from './scan/imported-names.js';
import { findInheritedToolMethods, usesClassTypeParameters } from './scan/inherited-tool-methods.js';
import { findToolDeclarations, type ToolDeclaration, type ToolMethodDeclaration } from './scan/tool-declarations.js';
import { sourceOf } from './schema/assert-describable.js';
import { TypeSchemaSource } from './schema/type-schema-source.js';

/** Options of {@link generateToolSchemas}. */
export interface GenerateToolSchemasOptions {
  /** The path of the project's tsconfig.json, or of its directory. */
  project: string;
  /** Only scan these files (relative to the tsconfig's directory); by default every file the tsconfig includes. */
  files?: readonly string[];
  /**
   * Receives warnings that do not stop the generation (two tools with one key); by default they are
   * emitted with `process.emitWarning`. The CLI prints them.
   */
  onWarning?: (message: string) => void;
}

/**
 * Generates the schema manifest of a project: one entry per `@Tool` method
 * (`ClassName.methodName`) and per tool class (`ClassName`), from TypeScript types and
 * TSDoc, with one TypeScript program and one typescript-json-schema generator for the run.
 * A method of a generic base class that uses the class's type parameters gets an entry per
 * concrete subclass (`UserRepo.update`), and one of its own only when its types can be described.
 * @param options - the tsconfig and, optionally, the files to scan
 * Two classes of one name in different files do not stop it: their entries are keyed by file too
 * (`src/a.ts:Search`, `src/b.ts:Search.find`), with a warning, since the registry matches entries by
 * class name and falls back to reflection for those.
 * @returns the manifest, its keys sorted
 * @throws SchemaGenerationError for an unreadable project, a syntax error or an undescribable
 * parameter type
 * @example
 * const manifest = generateToolSchemas({ project: 'tsconfig.json' });
 * writeFileSync('tool-schemas.json', serializeManifest(manifest));
 */
export function generateToolSchemas(options: GenerateToolSchemasOptions): ToolSchemaManifest {
  const { program, scannedFiles, baseDirectory } = loadProject(options.project, options.files);
  const checker = program.getTypeChecker();
  const context: GenerationContext = { checker, source: new TypeSchemaSource(checker), importsOf: importedNamesCache(), baseDirectory };
  const built: BuiltEntry[] = [];
  const add = (declaration: ToolDeclaration, build: () => ToolSchemaManifestEntry): void => {
    const node = declaration.kind === 'method' ? declaration.method : declaration.classDeclaration;
    built.push({ key: keyOf(declaration), source: sourceOf(node, baseDirectory), entry: build() });
  };
  const generic: ToolMethodDeclaration[] = [];
  const undescribable = new Map<ToolMethodDeclaration, SchemaGenerationError>();
  for (const sourceFile of scannedFiles) {
    assertNoSyntaxErrors(program, sourceFile);
    for (const declaration of findToolDeclarations(sourceFile, context.importsOf(sourceFile), baseDirectory)) {
      if (declaration.kind === 'class') add(declaration, () => buildClassEntry(declaration, context));
      else if (!usesClassTypeParameters(declaration, checker)) add(declaration, () => buildMethodEntry(declaration, context));
      else {
        generic.push(declaration);
        try {
          add(declaration, () => buildMethodEntry(declaration, context));
        } catch (error) {
          if (!SchemaGenerationError.isInstance(error)) throw error;
          undescribable.set(declaration, error); // fine when concrete subclasses describe it
        }
      }
    }
  }
  const inherited = findInheritedToolMethods(scannedFiles, generic, checker);
  for (const declaration of inherited) add(declaration, () => buildMethodEntry(declaration, context));
  for (const [declaration, error] of undescribable) {
    if (!inherited.some((found) => found.method === declaration.method)) throw error;
  }
  const tools = keyEntries(built, options.onWarning ?? emitWarning);
  const sorted = Object.fromEntries(
    Object.keys(tools)
      .sort()
      .map((key) => [key, tools[key]]),
  );
  return { version: 1, tools: sorted };
}

interface BuiltEntry {
  key: string;
  /** `file:line` of the declaration. */
  source: string;
  entry: ToolSchemaManifestEntry;
}

/** Keys each entry by `ClassName(.method)`, or, where two declarations share that key, by `file:ClassName(.method)`. */
function keyEntries(built: readonly BuiltEntry[], warn: (message: string) => void): Record<string, ToolSchemaManifestEntry> {
  const byKey = new Map<string, BuiltEntry[]>();
  for (const item of built) byKey.set(item.key, [...(byKey.get(item.key) ?? []), item]);
  const tools: Record<string, ToolSchemaManifestEntry> = {};
  for (const [key, items] of byKey) {
    if (items.length === 1) {
      tools[key] = items[0]!.entry;
      continue;
    }
    const files = items.map(({ source }) => source.slice(0, source.lastIndexOf(':')));
    const sameFile = new Set(files).size < files.length; // classes of one name in one file (inside functions): add the line
    const keys = items.map(({ source, entry }, index) => {
      const file = files[index]!;
      const fileKey = `${sameFile ? source : file}:${key}`;
      tools[fileKey] = { ...entry, file };
      return fileKey;
    });
    warn(
      `toolcraft-schema: ${items.length} tools have the manifest key '${key}' (${items.map(({ source }) => source).join(', ')}); ` +
        `they are keyed by file (${keys.join(', ')}). The registry matches manifest entries by class name, so it uses reflection ` +
        'for these methods; rename one of the classes to use the manifest for them.',
    );
  }
  return tools;
}

function emitWarning(message: string): void {
  process.emitWarning(message, { type: 'ToolcraftWarning', code: 'TOOLCRAFT_DUPLICATE_MANIFEST_KEY' });
}

function keyOf(declaration: ToolDeclaration): string {
  return declaration.kind === 'method' ? `${declaration.className}.${declaration.methodName}` : declaration.className;
}

function assertNoSyntaxErrors(program: ts.Program, sourceFile: ts.SourceFile): void {
  const diagnostic = program.getSyntacticDiagnostics(sourceFile)[0];
  if (diagnostic === undefined) return;
  const { line } = ts.getLineAndCharacterOfPosition(sourceFile, diagnostic.start ?? 0);
  throw new SchemaGenerationError(
    `Syntax error in ${sourceFile.fileName}:${line + 1}: ` +
      `${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}. Fix it and run toolcraft-schema again.`,
  );
}
