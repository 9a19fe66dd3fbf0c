import { InvalidToolDefinitionError } from '../errors/invalid-tool-definition-error.js';
import { ToolMetadataReader } from '../metadata/tool-metadata-reader.js';
import { methodAsTool } from './method-as-tool.js';
import type { MethodTool } from './method-tool.js';
import { MethodResource } from './method-resource.js';
import { uriTemplateVariables } from './uri-template-variables.js';

/**
 * Builds one resource per `@Resource` method of an instance (or, given a constructor, of its static
 * methods). A URI template's variables must be the method's parameters, by name: every variable names
 * a parameter, and every required parameter is a variable; a fixed URI's method takes no required argument.
 * @param target - a service instance, or a class for its static methods
 * @returns the resources, in declaration order (none when the class has no `@Resource` method)
 * @throws InvalidToolDefinitionError for a URI that is not one (no scheme), variables and parameters
 *   that do not match, or a method that cannot be described
 */
export function createMethodResources(target: object): MethodResource[] {
  const className = typeof target === 'function' ? target.name : target.constructor.name;
  return ToolMetadataReader.readResourceMethods(target, className).map(({ methodName, owner, options }) => {
    const name = options.customName ?? methodName;
    const { tool, description, where } = methodAsTool({ target, methodName, owner, name, kind: 'resource' });
    const { uri } = options;
    if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(uri))
      throw new InvalidToolDefinitionError(
        where,
        `the resource URI ${JSON.stringify(uri)} has no scheme; write it as a URI, e.g. 'notes://{id}'.`,
      );
    const variables = uriTemplateVariables(uri);
    const schema = tool.argsDecoder.schema;
    const parameters = Object.keys(schema.properties ?? {});
    const unknown = variables.filter((variable) => !parameters.includes(variable));
    if (unknown.length > 0)
      throw new InvalidToolDefinitionError(
        where,
        `the URI template ${JSON.stringify(uri)} has the variable${unknown.length === 1 ? '' : 's'} ${unknown.map((v) => `{${v}}`).join(', ')}, ` +
          `which name${unknown.length === 1 ? 's' : ''} no parameter of the method (its parameters: ${parameters.join(', ') || 'none'}); each variable is passed as the parameter of its name.`,
      );
    const unfilled = (schema.required ?? []).filter((parameter) => !variables.includes(parameter));
    if (unfilled.length > 0)
      throw new InvalidToolDefinitionError(
        where,
        `the required parameter${unfilled.length === 1 ? '' : 's'} ${unfilled.map((p) => `'${p}'`).join(', ')} ` +
          `${unfilled.length === 1 ? 'is' : 'are'} not a variable of the URI ${JSON.stringify(uri)}, so nothing could fill ${unfilled.length === 1 ? 'it' : 'them'}; ` +
          `add {${unfilled[0]}} to the URI template, or make the parameter optional.`,
      );
    const lister = options.list === undefined ? undefined : listerOf(target, options.list, name, uri, variables, where);
    return new MethodResource({
      ...(lister === undefined ? {} : { lister }),
      name,
      description,
      source: where,
      tool,
      uri,
      variables,
      ...(options.title === undefined ? {} : { title: options.title }),
      ...(options.mimeType === undefined ? {} : { mimeType: options.mimeType }),
    });
  });
}

/**
 * The method a template's `@Resource({ list })` names, as a tool: a method of the same instance (or
 * class, for a static resource) that takes no arguments besides an injected `AgentContext`.
 */
function listerOf(target: object, list: string, name: string, uri: string, variables: readonly string[], where: string): MethodTool {
  if (variables.length === 0)
    throw new InvalidToolDefinitionError(
      where,
      `@Resource({ list: '${list}' }) lists the resources of a URI template, but ${JSON.stringify(uri)} has no variables; a fixed URI is listed as it is.`,
    );
  const owner = typeof target === 'function' ? target : (Object.getPrototypeOf(target) as object);
  if (typeof (owner as Record<string, unknown>)[list] !== 'function')
    throw new InvalidToolDefinitionError(
      where,
      `@Resource({ list: '${list}' }) names no method of ${typeof target === 'function' ? `the class ${target.name} (a static method)` : target.constructor.name}; ` +
        'give the name of a method of the same class that returns the resources.',
    );
  const method = (owner as Record<string, (...args: never[]) => unknown>)[list]!;
  if (method.length > 0 && ToolMetadataReader.readParameterTypes(owner, list) === undefined)
    throw new InvalidToolDefinitionError(
      where,
      `the list method ${typeof target === 'function' ? target.name : target.constructor.name}.${list} takes a parameter but has no decorator, ` +
        "so TypeScript records no parameter types and its AgentContext cannot be injected; give it one, e.g. @LLMDescription('Lists the resources').",
    );
  const { tool } = methodAsTool({ target, methodName: list, owner, name: `${name.slice(0, 59)}-list`, kind: 'resource list' });
  const parameters = Object.keys(tool.argsDecoder.schema.properties ?? {});
  if (parameters.length > 0)
    throw new InvalidToolDefinitionError(
      tool.source,
      `the list method of the resource '${name}' must take no arguments (an AgentContext parameter is injected), but takes ${parameters.map((p) => `'${p}'`).join(', ')}.`,
    );
  return tool;
}
