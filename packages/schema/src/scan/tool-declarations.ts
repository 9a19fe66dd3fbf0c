import { ts } from '../typescript.js';
import { SchemaGenerationError } from '../errors/schema-generation-error.js';
import { sourceOf } from '../schema/assert-describable.js';
import { decoratorCalls } from './decorators.js';
import type { ImportedNames } from './imported-names.js';

/** An `@Tool` method found in source. */
export interface ToolMethodDeclaration {
  kind: 'method';
  /** The class that declares the method. */
  classDeclaration: ts.ClassDeclaration;
  className: string;
  method: ts.MethodDeclaration;
  methodName: string;
  /** The argument given to `@Tool(...)`, if any. */
  toolOptions: ts.Expression | undefined;
  /** What the class's file imports. */
  imports: ImportedNames;
  /**
   * For a method inherited from a generic base class (`class UserRepo extends Repo<User>`):
   * its parameter types with the type arguments filled in. `classDeclaration` and `className`
   * are then the inheriting class.
   */
  parameterTypes?: readonly ts.Type[];
}

/** A class extending `Tool`, `SimpleTool`, `ContextAwareTool` or `ToolBase`. */
export interface ToolClassDeclaration {
  kind: 'class';
  classDeclaration: ts.ClassDeclaration;
  className: string;
  /** The first type argument of the base class: the Args type. */
  argsTypeNode: ts.TypeNode;
  imports: ImportedNames;
}

/** Either kind of tool declaration. */
export type ToolDeclaration = ToolMethodDeclaration | ToolClassDeclaration;

const TOOL_BASE_CLASSES = new Set(['Tool', 'SimpleTool', 'ContextAwareTool', 'ToolBase']);
const CORE_MODULE = new Set(['@toolcraft/core']);

/**
 * Finds the tools declared in one file: `@Tool` methods of any class, and classes
 * that extend one of toolcraft's tool classes with an Args type argument.
 * @param sourceFile - the file to scan
 * @param imports - what the file imports
 * @param baseDirectory - paths in messages are relative to it
 * @returns the tool declarations in source order
 * @throws SchemaGenerationError for a tool the manifest cannot key: in a class without a name,
 * or a method with a quoted or computed name
 */
export function findToolDeclarations(sourceFile: ts.SourceFile, imports: ImportedNames, baseDirectory: string): ToolDeclaration[] {
  const found: ToolDeclaration[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isClassDeclaration(node)) collectClass(node, imports, baseDirectory, found);
    if (ts.isClassExpression(node)) refuseClassExpression(node, imports, baseDirectory);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

function collectClass(
  classDeclaration: ts.ClassDeclaration,
  imports: ImportedNames,
  baseDirectory: string,
  found: ToolDeclaration[],
): void {
  const argsTypeNode = toolBaseArgsType(classDeclaration, imports);
  const className = classDeclaration.name?.text;
  if (argsTypeNode !== undefined && className === undefined) throw anonymousClass(classDeclaration, 'a tool class', baseDirectory);
  if (argsTypeNode !== undefined && className !== undefined)
    found.push({ kind: 'class', classDeclaration, className, argsTypeNode, imports });
  for (const member of classDeclaration.members) {
    if (!ts.isMethodDeclaration(member) || member.body === undefined) continue;
    const tool = decoratorCalls(member, imports).find((decorator) => decorator.name === 'Tool');
    if (tool === undefined) continue;
    if (className === undefined) throw anonymousClass(member, 'an @Tool method', baseDirectory);
    if (!ts.isIdentifier(member.name)) throw unnamedMethod(member, className, baseDirectory);
    found.push({
      kind: 'method',
      classDeclaration,
      className,
      method: member,
      methodName: member.name.text,
      toolOptions: tool.arguments[0],
      imports,
    });
  }
}

function anonymousClass(node: ts.Node, what: string, baseDirectory: string): SchemaGenerationError {
  const source = sourceOf(node, baseDirectory);
  return new SchemaGenerationError(
    `A class without a name declares ${what} (${source}): the manifest keys tools by class name, ` +
      'and the registry looks them up by the runtime class name. Give the class a name (`export default class WeatherService { ... }`).',
    { source },
  );
}

/** A class expression (`const Service = class { ... }`) is not scanned; its tools must not vanish silently. */
function refuseClassExpression(expression: ts.ClassExpression, imports: ImportedNames, baseDirectory: string): void {
  const tool = expression.members.find((member) => decoratorCalls(member, imports).some((decorator) => decorator.name === 'Tool'));
  if (tool === undefined && toolBaseArgsType(expression, imports) === undefined) return;
  const source = sourceOf(tool ?? expression, baseDirectory);
  throw new SchemaGenerationError(
    `A class expression declares tools (${source}), and toolcraft-schema only scans class declarations. ` +
      'Give the class a name as a declaration (`export class WeatherService { ... }`).',
    { source },
  );
}

function unnamedMethod(method: ts.MethodDeclaration, className: string, baseDirectory: string): SchemaGenerationError {
  const source = sourceOf(method, baseDirectory);
  return new SchemaGenerationError(
    `The @Tool method ${method.name.getText()} of ${className} (${source}) has a quoted or computed name, ` +
      'which the manifest cannot key. Use an identifier method name, and set the name the model sees with `@Tool({ customName })`.',
    { className, source },
  );
}

function toolBaseArgsType(classDeclaration: ts.ClassLikeDeclaration, imports: ImportedNames): ts.TypeNode | undefined {
  const extendsClause = classDeclaration.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword);
  const base = extendsClause?.types[0];
  if (base === undefined) return undefined;
  const name = imports.resolve(base.expression, CORE_MODULE);
  if (name === undefined || !TOOL_BASE_CLASSES.has(name)) return undefined;
  return base.typeArguments?.[0];
}
