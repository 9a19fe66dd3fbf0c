import { ts } from '../typescript.js';
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
 * @returns the tool declarations in source order
 */
export function findToolDeclarations(sourceFile: ts.SourceFile, imports: ImportedNames): ToolDeclaration[] {
  const found: ToolDeclaration[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isClassDeclaration(node) && node.name !== undefined) collectClass(node, node.name.text, imports, found);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

function collectClass(classDeclaration: ts.ClassDeclaration, className: string, imports: ImportedNames, found: ToolDeclaration[]): void {
  const argsTypeNode = toolBaseArgsType(classDeclaration, imports);
  if (argsTypeNode !== undefined) found.push({ kind: 'class', classDeclaration, className, argsTypeNode, imports });
  for (const member of classDeclaration.members) {
    if (!ts.isMethodDeclaration(member) || member.body === undefined) continue;
    const tool = decoratorCalls(member, imports).find((decorator) => decorator.name === 'Tool');
    if (tool === undefined || !ts.isIdentifier(member.name)) continue;
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

function toolBaseArgsType(classDeclaration: ts.ClassDeclaration, imports: ImportedNames): ts.TypeNode | undefined {
  const extendsClause = classDeclaration.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword);
  const base = extendsClause?.types[0];
  if (base === undefined) return undefined;
  const name = imports.resolve(base.expression, CORE_MODULE);
  if (name === undefined || !TOOL_BASE_CLASSES.has(name)) return undefined;
  return base.typeArguments?.[0];
}
