import { isStandardSchema } from '../decoding/standard-schema/standard-args-schema.js';

/**
 * Why a value given as a tool is none, in words the developer can act on: an AI SDK tool (it has an
 * `inputSchema` or `parameters`, and usually `execute`) is converted by `fromAISDKTools`, a bare schema
 * is a tool's `argsType`, and anything else needs `@Tool()` methods or to be a tool instance.
 * @param value - what was given
 * @returns the end of an `InvalidToolDefinitionError` message
 * @internal
 */
export function notAToolHint(value: unknown): string {
  if (isStandardSchema(value))
    return (
      'is a schema, not a tool: a schema is what a tool takes as arguments, its argsType (a Tool subclass calling ' +
      "super({ name, description, argsType: schema }) with an execute method, or a method's @Tool({ argsType: schema }))."
    );
  if (typeof value === 'object' && value !== null && ('inputSchema' in value || ('parameters' in value && 'execute' in value)))
    return (
      "looks like an AI SDK tool (tool({ inputSchema, execute })), not a toolcraft tool: convert it with fromAISDKTools from '@toolcraft/ai-sdk' " +
      '(tools: await fromAISDKTools({ weather })), or write it as a toolcraft Tool with its schema as argsType.'
    );
  return 'has no method marked @Tool(); mark its tool methods, or pass tool instances.';
}
