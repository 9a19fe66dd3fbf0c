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
}

/**
 * Generates the schema manifest of a project: one entry per `@Tool` method
 * (`ClassName.methodName`) and per tool class (`ClassName`), from TypeScript types and
 * TSDoc, with one TypeScript program and one typescript-json-schema generator for the run.
 * A method of a generic base class that uses the class's type parameters gets an entry per
 * concrete subclass (`UserRepo.update`), and one of its own only when its types can be described.
 * @param options - the tsconfig and, optionally, the files to scan
 * @returns the manifest, its keys sorted
 * @throws SchemaGenerationError for an unreadable project, a syntax error, an undescribable
 * parameter type, or two tools with one key
 * @example
 * const manifest = generateToolSchemas({ project: 'tsconfig.json' });
 * writeFileSync('tool-schemas.json', serializeManifest(manifest));
 */
export function generateToolSchemas(options: GenerateToolSchemasOptions): ToolSchemaManifest {
  const { program, scannedFiles, baseDirectory } = loadProject(options.project, options.files);
  const checker = program.getTypeChecker();
  const context: GenerationContext = { checker, source: new TypeSchemaSource(checker), importsOf: importedNamesCache(), baseDirectory };
  const tools: Record<string, ToolSchemaManifestEntry> = {};
  const declaredAt = new Map<string, string>();
  const add = (declaration: ToolDeclaration, build: () => ToolSchemaManifestEntry): void => {
    const key = keyOf(declaration);
    const source = sourceOf(declaration.kind === 'method' ? declaration.method : declaration.classDeclaration, baseDirectory);
    const previous = declaredAt.get(key);
    if (previous !== undefined) throw duplicateKey(key, previous, source, declaration.className);
    tools[key] = build();
    declaredAt.set(key, source);
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
          if (!(error instanceof SchemaGenerationError)) throw error;
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
  const sorted = Object.fromEntries(
    Object.keys(tools)
      .sort()
      .map((key) => [key, tools[key]]),
  );
  return { version: 1, tools: sorted };
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

function duplicateKey(key: string, first: string, second: string, className: string): SchemaGenerationError {
  return new SchemaGenerationError(
    `Two tools have the manifest key '${key}' (${first} and ${second}). The registry matches manifest entries ` +
      'by class name, so tool classes must have distinct names: rename one of them.',
    { className, source: second },
  );
}
