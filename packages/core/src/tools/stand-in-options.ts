import type { ArgsDecoder, DecodeOutcome } from '../decoding/args-decoder.js';
import { compileArgumentCleaner, type ArgumentCleaner } from '../decoding/argument-cleaner.js';
import type { SchemaDocuments } from '../decoding/ajv-instance.js';
import type { ArgumentLimits } from '../decoding/argument-limits.js';
import { parseArguments } from '../decoding/parse-arguments.js';
import { longRunningNote } from '../effects/resolve-side-effects.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { AnyTool, ToolOptions } from './abstract-tool.js';
import { withPrecompiledDecoder } from './precompiled-decoder.js';

/** Arguments as the plain JSON data of a call: what the `execute` of a stand-in receives. */
export type JsonArguments = Record<string, unknown>;

/**
 * The options of a tool that stands in for `tool` where `tool` itself does not run (a long-running
 * tool whose body runs in a queue worker): the same name, description and JSON Schema, and the
 * same validation (`tool`'s own decoder checks every call, with the same messages), but the
 * stand-in's `execute` receives the arguments as the plain JSON data of the call (parsed and
 * cleaned: undeclared arguments dropped, `null` for an optional one removed; never built into
 * instances or transformed), to forward them to where `tool` runs and decodes them again.
 * The description comes without the long-running note; the stand-in gets it back when it is
 * long-running itself. Side effects, approval and limits are not copied: the caller picks them.
 * @param tool - the tool stood in for
 * @param options - the stand-in's other options (side effects, limits, time limit)
 * @returns the stand-in's constructor options; pass this very object (a copy loses the decoder)
 */
export function standInOptions<TResult>(
  tool: AnyTool,
  options: Omit<ToolOptions<JsonArguments, TResult>, 'name' | 'description' | 'argsType'> = {},
): ToolOptions<JsonArguments, TResult> {
  const suffix = `\n\n${longRunningNote}`;
  const description = tool.longRunning && tool.description.endsWith(suffix) ? tool.description.slice(0, -suffix.length) : tool.description;
  const standIn: ToolOptions<JsonArguments, TResult> = { ...options, name: tool.name, description, argsType: tool.inputSchema };
  return withPrecompiledDecoder(standIn, new StandInDecoder(tool.argsDecoder));
}

/** Decodes with the original tool's decoder; on success gives the call's cleaned JSON data instead of the decoded value. */
class StandInDecoder implements ArgsDecoder<JsonArguments> {
  private readonly clean: ArgumentCleaner;

  constructor(private readonly original: ArgsDecoder<unknown>) {
    this.clean = compileArgumentCleaner(original.schema);
  }

  get schema(): JsonSchema {
    return this.original.schema;
  }

  bindSchemas(documents: SchemaDocuments): void {
    this.original.bindSchemas?.(documents);
  }

  decode(raw: unknown, limits: ArgumentLimits): DecodeOutcome<JsonArguments> {
    const outcome = this.original.decode(raw, limits);
    if (!outcome.ok) return outcome;
    // The original decoder accepted them, so they parse and clean without a violation.
    const sink: never[] = [];
    const plain = parseArguments(raw, limits, sink) ?? {};
    return { ok: true, value: this.clean(plain, { copy: false, sink }) as JsonArguments };
  }
}
