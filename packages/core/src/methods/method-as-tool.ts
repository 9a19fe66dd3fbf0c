import { InvalidToolDefinitionError } from '../errors/invalid-tool-definition-error.js';
import { ToolMetadataReader } from '../metadata/tool-metadata-reader.js';
import { toolNamePattern } from '../tools/tool-name.js';
import { MethodTool } from './method-tool.js';
import { readParameterNames } from './parameter-names.js';
import { planFromReflection } from './plan-from-reflection.js';

/** What {@link methodAsTool} reads of a marked method. */
export interface MarkedMethodSource {
  /** The instance (or constructor, for a static method) it is called on. */
  target: object;
  /** The method's name. */
  methodName: string;
  /** The prototype (or constructor) that declares it. */
  owner: object;
  /** The name it is served under. */
  name: string;
  /** What it is, for messages: `'prompt'`, `'resource'`. */
  kind: string;
}

/**
 * A `@Prompt` or `@Resource` method as a {@link MethodTool}: its parameters planned by reflection as a
 * `@Tool` method's are (types from `design:paramtypes` or `@LLMDescription({ type })`, descriptions,
 * optionality and allowed values from `@LLMDescription`; `AgentContext` and `ToolCallMetadata` injected),
 * so its arguments are decoded by the same validator, with the same error text.
 * @param source - the method, where it is declared and the name it is served under
 * @returns the tool, its description and its source (`Class.method`)
 * @throws InvalidToolDefinitionError for a name that is not allowed or a parameter that cannot be described
 */
export function methodAsTool(source: MarkedMethodSource): { tool: MethodTool; description: string; where: string } {
  const { target, methodName, owner, name, kind } = source;
  const className = typeof target === 'function' ? target.name : target.constructor.name;
  const where = `${className}.${methodName}`;
  const method = (owner as Record<string, unknown>)[methodName];
  if (typeof method !== 'function')
    throw new InvalidToolDefinitionError(where, `@${capitalised(kind)}() marks something that is not a method.`);
  if (!toolNamePattern.test(name))
    throw new InvalidToolDefinitionError(
      where,
      `the ${kind} name ${JSON.stringify(name)} is not allowed; names must be 1 to 64 characters of letters, digits, '_' or '-' (^[a-zA-Z0-9_-]{1,64}$).`,
    );
  const subject = `${kind} '${name}' (${where})`;
  const names = readParameterNames(method as (...args: never[]) => unknown, subject);
  const plan = planFromReflection(owner, methodName, names, subject);
  const description = ToolMetadataReader.readDescription(owner, methodName) ?? '';
  const tool = new MethodTool({
    name,
    description,
    receiver: target,
    method: method as (...args: unknown[]) => unknown,
    plan,
    source: where,
  });
  return { tool, description, where };
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
