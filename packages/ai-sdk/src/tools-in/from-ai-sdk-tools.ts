import { type AnyTool, InvalidToolDefinitionError, OptionsError, Tool } from '@toolcraft/core';
import { compileArgsDecoder } from '@toolcraft/core/internal';
import type { Tool as AITool } from 'ai';
import { AISDKTool } from './ai-sdk-tool.js';
import { readSchema } from './read-schema.js';

/** Options of `fromAISDKTools`. */
export interface FromAISDKToolsOptions {
  /** A time limit for each call of every imported tool, in ms (a tool's `timeoutMs`); default the environment's. */
  timeoutMs?: number;
  /**
   * What a tool without `execute` (one the AI SDK app answers itself, on the client) becomes:
   * `'declare'` (the default), a declaration-only toolcraft tool (an agent run stops with a `'result'`
   * interruption for its calls, answered with `state.resolve(callId, value)`); `'refuse'`, an
   * `InvalidToolDefinitionError`.
   */
  clientTools?: 'declare' | 'refuse';
  /**
   * How long a lazy `inputSchema` (`jsonSchema(() => promise)`) may take to give its JSON Schema, in
   * ms; past it the tool is refused with an `InvalidToolDefinitionError`. Default 10,000.
   */
  schemaTimeoutMs?: number;
  /** Stops waiting for lazy schemas: `fromAISDKTools` rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** The default of {@link FromAISDKToolsOptions.schemaTimeoutMs}. */
const defaultSchemaTimeoutMs = 10_000;

/**
 * AI SDK tools as toolcraft tools, for an `Agent`, a `ToolRegistry` or an MCP server: one tool per
 * entry of the tool set, named by its key. Each keeps its schema exactly: the JSON Schema the AI SDK
 * sends for its `inputSchema` (zod, Standard Schema or `jsonSchema(...)`), which toolcraft validates
 * the arguments against before the tool's own schema parses them. `execute` may return a value, a
 * promise or an async iterable (preliminary outputs reported as progress, the last one the output);
 * it runs within the call's time limit and signal, and what it throws, or an output that is not JSON,
 * is an error result. A tool without `execute` is a declaration-only tool (or refused).
 * @param tools - the AI SDK tool set (`{ weather: tool({ ... }) }`)
 * @param options - the time limit, what tools without `execute` become, and the bounds of lazy schemas
 * @returns the tools, in the set's order (a promise: a schema's JSON Schema may be resolved lazily)
 * @throws InvalidToolDefinitionError naming the tool for a provider-defined tool (its provider runs it),
 *   a tool without `execute` with `clientTools: 'refuse'`, a name toolcraft does not allow, or an
 *   `inputSchema` that gives no JSON Schema (it throws, rejects, passes `schemaTimeoutMs`, or is not
 *   a schema), one that is not an object schema, or one with a pattern that cannot be matched in
 *   linear time (lookaround, backreferences: the schema is someone else's)
 * @throws the signal's reason when `options.signal` aborts while a lazy schema is read
 * @example
 * const tools = await fromAISDKTools({ weather: tool({ description: 'The weather', inputSchema: z.object({ city: z.string() }), execute }) });
 * const agent = new Agent({ model, tools });
 */
export async function fromAISDKTools(tools: Readonly<Record<string, AITool>>, options: FromAISDKToolsOptions = {}): Promise<AnyTool[]> {
  const clientTools = options.clientTools ?? 'declare';
  if (clientTools !== 'declare' && clientTools !== 'refuse') {
    throw new OptionsError('fromAISDKTools', 'clientTools', clientTools, "'declare' or 'refuse'");
  }
  const schemaTimeoutMs = options.schemaTimeoutMs ?? defaultSchemaTimeoutMs;
  if (typeof schemaTimeoutMs !== 'number' || !(schemaTimeoutMs > 0)) {
    throw new OptionsError('fromAISDKTools', 'schemaTimeoutMs', schemaTimeoutMs, 'a number of ms above 0');
  }
  if (typeof tools !== 'object' || tools === null || Array.isArray(tools)) {
    throw new OptionsError('fromAISDKTools', 'tools', tools, 'an AI SDK tool set: an object of tools by name ({ weather: tool({ ... }) })');
  }
  const imported: AnyTool[] = [];
  for (const [name, aiTool] of Object.entries(tools)) {
    const subject = `'${name}' (an AI SDK tool)`;
    if (typeof aiTool !== 'object' || aiTool === null || aiTool.inputSchema === undefined) {
      throw new InvalidToolDefinitionError(subject, 'it is not an AI SDK tool (an object with an inputSchema, as tool({ ... }) makes).');
    }
    if (aiTool.type === 'provider') {
      throw new InvalidToolDefinitionError(
        subject,
        `it is a provider-defined tool ('${aiTool.id}'): its provider runs it for its own models, so it cannot be a toolcraft tool.`,
      );
    }
    const { schema, jsonSchema } = await readSchema(aiTool.inputSchema, subject, schemaTimeoutMs, options.signal);
    if (typeof aiTool.execute !== 'function') {
      if (clientTools === 'refuse') {
        throw new InvalidToolDefinitionError(
          subject,
          "it has no execute (the app answers its calls); pass clientTools: 'declare' to import it as a declaration-only tool.",
        );
      }
      // The schema is someone else's: refused unless its patterns run in linear time (the declared
      // tool's own decoder then matches them in linear time too).
      compileArgsDecoder({ schema: jsonSchema, origin: 'imported' }, subject);
      // A declared tool has no result (its formatter's type is `never`), which `AnyTool` does not take as it is.
      imported.push(Tool.declaration({ name, description: aiTool.description ?? aiTool.title ?? '', inputSchema: jsonSchema }) as AnyTool);
      continue;
    }
    imported.push(
      new AISDKTool({
        name,
        tool: aiTool,
        schema,
        jsonSchema,
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      }),
    );
  }
  return imported;
}
