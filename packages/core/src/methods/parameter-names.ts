import { parseExpressionAt, type Expression, type Node, type Pattern } from 'acorn';
import { InvalidToolDefinitionError } from '../errors/invalid-tool-definition-error.js';

/** A JSON primitive written as a parameter's default value. */
export type LiteralDefault = string | number | boolean;

/** A parameter as read from a function's compiled source. */
export interface SourceParameter {
  /** The parameter's name (for a destructuring pattern or rest parameter: its source text). */
  name: string;
  /** Whether the source gives it a default value (`b = 3`), which makes it optional. */
  hasDefault: boolean;
  /** A destructuring pattern or rest parameter, which has no usable name. */
  unnamed: boolean;
  /** The default value, when it is a literal string, number or boolean (shown as the schema's `default`). */
  defaultValue?: LiteralDefault;
}

interface FunctionNode extends Node {
  params: Pattern[];
}

// What `Function.prototype.toString` gives, wrapped so that acorn parses it as one expression:
// a function, arrow or class as it is; a method (`name(a) {}`, `async *[key](a) {}`, `get x() {}`)
// inside an object literal; a private method (`#name(a) {}`) inside a class.
const wrappers: ReadonlyArray<readonly [string, string]> = [
  ['(', '\n)'],
  ['({', '\n})'],
  ['(class {', '\n})'],
];

/**
 * Reads the parameters of a function from its compiled source (`fn.toString()`) with a real
 * JavaScript parser (acorn), so strings, template literals, regular expressions, comments and
 * nested parentheses in default values are read as what they are.
 * @param fn - a function, arrow function or method
 * @param subject - the tool, for messages
 * @returns its parameters in order
 * @throws InvalidToolDefinitionError when the source cannot be parsed (a bound or native function)
 */
export function readParameterNames(fn: (...args: never[]) => unknown, subject = fn.name || 'a tool method'): readonly SourceParameter[] {
  const cached = parsedFunctions.get(fn);
  if (cached !== undefined) return cached;
  const source = Function.prototype.toString.call(fn);
  const parsed = parseFunction(source);
  if (parsed === undefined) {
    throw new InvalidToolDefinitionError(
      subject,
      'its parameter names cannot be read from its source (a bound or native function has none to read). ' +
        'Mark the method itself with @Tool(), not a bound copy of it.',
    );
  }
  const parameters = parsed.node.params.map((parameter) => describeParameter(parameter, source, parsed.offset));
  parsedFunctions.set(fn, parameters);
  return parameters;
}

/** Each function is parsed once (a registry built twice, a service registered in two registries). */
const parsedFunctions = new WeakMap<(...args: never[]) => unknown, readonly SourceParameter[]>();

function parseFunction(source: string): { node: FunctionNode; offset: number } | undefined {
  for (const [open, close] of wrappers) {
    let expression: Expression;
    try {
      expression = parseExpressionAt(`${open}${source}${close}`, 0, { ecmaVersion: 'latest' });
    } catch {
      continue;
    }
    const node = functionOf(expression);
    if (node !== undefined) return { node, offset: open.length };
  }
  return undefined;
}

function functionOf(expression: Expression): FunctionNode | undefined {
  switch (expression.type) {
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
      return expression;
    case 'ObjectExpression': {
      const property = expression.properties[0];
      return property?.type === 'Property' && property.kind === 'init' && property.value.type === 'FunctionExpression'
        ? property.value
        : undefined;
    }
    case 'ClassExpression': {
      const member = expression.body.body[0];
      return member?.type === 'MethodDefinition' && member.kind === 'method' ? member.value : undefined;
    }
    default:
      return undefined;
  }
}

function describeParameter(parameter: Pattern, source: string, offset: number): SourceParameter {
  if (parameter.type === 'Identifier') return { name: parameter.name, hasDefault: false, unnamed: false };
  if (parameter.type === 'AssignmentPattern' && parameter.left.type === 'Identifier') {
    const defaultValue = literalValue(parameter.right);
    return { name: parameter.left.name, hasDefault: true, unnamed: false, ...(defaultValue === undefined ? {} : { defaultValue }) };
  }
  const pattern = parameter.type === 'AssignmentPattern' ? parameter.left : parameter;
  const text = source.slice(pattern.start - offset, pattern.end - offset);
  return { name: text, hasDefault: parameter.type === 'AssignmentPattern', unnamed: true };
}

/** The value of a literal string, number or boolean (a negative number and a plain template literal too). */
function literalValue(node: Expression): LiteralDefault | undefined {
  if (node.type === 'Literal') {
    const value = node.value;
    return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))
      ? value
      : undefined;
  }
  if (node.type === 'UnaryExpression' && node.operator === '-' && node.argument.type === 'Literal') {
    const value = node.argument.value;
    return typeof value === 'number' && Number.isFinite(value) ? -value : undefined;
  }
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}
