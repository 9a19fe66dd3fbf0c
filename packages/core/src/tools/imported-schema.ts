import { compileArgsDecoder } from '../decoding/compile-args-decoder.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { ToolOptions } from './abstract-tool.js';
import { withPrecompiledDecoder } from './precompiled-decoder.js';

/**
 * Marks a tool's JSON Schema as imported (from an MCP server, say: written by someone else): its
 * decoder is compiled so that every `pattern` and `patternProperties` key is matched in linear time,
 * and a schema with a pattern that cannot be (lookaround, backreferences) is refused.
 * @param options - the tool's constructor options, `argsType` a JSON Schema
 * @returns the same options object; pass this very object (a copy loses the decoder)
 * @throws InvalidToolDefinitionError when the schema cannot be used
 */
export function withImportedSchema<TOptions extends ToolOptions<Record<string, unknown>, unknown>>(options: TOptions): TOptions {
  const decoder = compileArgsDecoder({ schema: options.argsType as JsonSchema, origin: 'imported' }, `'${options.name}'`);
  return withPrecompiledDecoder(options, decoder);
}
