import { Brands, hasBrand, setBrand } from '../brands.js';
import type { ArgsDecoder } from '../decoding/args-decoder.js';
import { InvalidToolDefinitionError } from '../errors/invalid-tool-definition-error.js';
import type { ToolCallMetadata } from '../metadata/tool-call-metadata.js';
import type { ResultBudget } from '../results/result-budget.js';
import type { ResultFormatter } from '../results/result-formatter.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { createArgsDecoder, type ArgsType } from './args-type.js';
import { precompiledDecoder } from './precompiled-decoder.js';
import { invokeTool, type ToolNeeds } from './invoke-tool.js';
import { descriptorFromSchema, type ToolDescriptor } from './tool-descriptor.js';
import { longRunningNote, resolveSideEffects } from '../effects/resolve-side-effects.js';
import type { ApprovalPredicate, ToolEffects, ToolSideEffectOptions } from '../effects/tool-effects.js';
import { assertToolName } from './tool-name.js';
import { readToolLimits, type ToolLimits } from './tool-limits.js';

/** Options every tool class takes: name, description, arguments, formatting, time limit, side effects and the per-run limits of {@link ToolLimits}. */
export interface ToolOptions<TArgs, TResult> extends ToolLimits, ToolSideEffectOptions<TArgs> {
  /** The tool's name, `^[a-zA-Z0-9_-]{1,64}$`. */
  name: string;
  /** What the tool does, for the model. */
  description: string;
  /** An Args class with class-validator and `@LLMDescription` decorators, or a JSON Schema. */
  argsType: ArgsType<TArgs>;
  /** Turns the result into the text the model sees (overrides the environment's formatters). */
  resultFormatter?: ResultFormatter<TResult>;
  /** A time limit for each call, in ms (overrides the environment's `toolTimeoutMs`). */
  timeoutMs?: number;
  /** The most characters of a result the model gets in an agent run; over it, the result is spilled to an artifact (wins over the agent's `resultBudget`). */
  resultBudget?: ResultBudget;
}

/**
 * The root of every tool: name, description, schema, compiled argument decoder and formatting.
 * Subclass `Tool`, `SimpleTool`, `ContextAwareTool` or `ToolBase`, not this class.
 */
export abstract class AbstractTool<TArgs = unknown, TResult = unknown> {
  /** The tool's name. */
  readonly name: string;
  /** What the tool does. */
  readonly description: string;
  /** The tool's own result formatter, if any. */
  readonly resultFormatter?: ResultFormatter<TResult>;
  /** The tool's own time limit per call, in ms, if any. */
  readonly timeoutMs?: number;
  /** The most calls of this tool one run executes, if limited (`maxInvocations`). */
  readonly maxInvocations?: number;
  /** The most failed calls of this tool in one run, if limited (`maxFailures`). */
  readonly maxFailures?: number;
  /** The tool's own result budget in agent runs, if any. */
  readonly resultBudget?: ResultBudget;
  /** What the tool does to the world (`'read'`, `'write'`, `'destructive'`); undefined when unknown. */
  readonly effects?: ToolEffects;
  /** Whether a repeated call does no more than one (default true for `'read'`). */
  readonly idempotent: boolean;
  private readonly idempotenceDeclared: boolean;
  /** Whether the tool reaches outside systems, when declared. */
  readonly openWorld?: boolean;
  /** How failed calls are retried (idempotent tools only), if at all. */
  readonly retry?: { readonly attempts: number; readonly baseDelayMs: number };
  /** Whether each call needs a person's approval, or the predicate deciding it. */
  readonly needsApproval?: boolean | ApprovalPredicate<TArgs>;
  /** Whether the tool is long-running: its first result is provisional, the final one is delivered later. */
  readonly longRunning: boolean;
  /** Whether the tool has no implementation and the host answers its calls (`Tool.declaration`). */
  readonly declarationOnly: boolean = false;
  /** @internal The compiled decoder of the arguments. */
  readonly argsDecoder: ArgsDecoder<TArgs>;
  /** @internal What the tool needs from the call besides its arguments. */
  abstract readonly needs: ToolNeeds;
  private cachedDescriptor?: ToolDescriptor;

  /**
   * @param options - name, description, argsType, and optionally resultFormatter, timeoutMs and side effects
   * @throws InvalidToolDefinitionError for a bad name, an argument type that cannot be described, or bad
   *   side-effect options (`retry` on a tool that is not idempotent)
   */
  protected constructor(options: ToolOptions<TArgs, TResult>) {
    assertToolName(options.name, `of ${new.target.name}`);
    this.name = options.name;
    const sideEffects = resolveSideEffects(options as ToolSideEffectOptions<never>, `'${options.name}' (${new.target.name})`);
    this.effects = sideEffects.effects;
    this.idempotent = sideEffects.idempotent;
    this.idempotenceDeclared = options.effects !== undefined || options.idempotent !== undefined;
    this.openWorld = sideEffects.openWorld;
    this.retry = sideEffects.retry;
    this.needsApproval = sideEffects.needsApproval as boolean | ApprovalPredicate<TArgs> | undefined;
    this.longRunning = sideEffects.longRunning;
    this.description = this.longRunning ? `${options.description}\n\n${longRunningNote}` : options.description;
    this.resultFormatter = options.resultFormatter;
    if (options.timeoutMs !== undefined && !(options.timeoutMs > 0)) {
      throw new InvalidToolDefinitionError(
        `'${options.name}' (${new.target.name})`,
        `timeoutMs must be a number above 0 (Infinity for no limit), but was ${String(options.timeoutMs)}.`,
      );
    }
    this.timeoutMs = options.timeoutMs;
    const limits = readToolLimits(options, `'${options.name}' (${new.target.name})`);
    if (limits.maxInvocations !== undefined) this.maxInvocations = limits.maxInvocations;
    if (limits.maxFailures !== undefined) this.maxFailures = limits.maxFailures;
    if (options.resultBudget !== undefined) {
      const { maxChars } = options.resultBudget;
      if (!Number.isSafeInteger(maxChars) || maxChars < 1)
        throw new InvalidToolDefinitionError(
          `'${options.name}' (${new.target.name})`,
          `resultBudget.maxChars must be a whole number of at least 1, but was ${String(maxChars)}.`,
        );
      this.resultBudget = { ...options.resultBudget };
    }
    this.argsDecoder =
      (precompiledDecoder(options) as ArgsDecoder<TArgs> | undefined) ??
      createArgsDecoder(options.argsType, `'${options.name}' (${new.target.name})`, new.target.name);
  }

  /** The JSON Schema of the arguments, derived from `argsType`; a subclass may override it. */
  get inputSchema(): JsonSchema {
    return this.argsDecoder.schema;
  }

  /** The descriptor the model is shown, derived from `inputSchema`; a subclass may override it. */
  get descriptor(): ToolDescriptor {
    this.cachedDescriptor ??= withLimits(
      {
        ...descriptorFromSchema(this.name, this.description, this.inputSchema),
        ...(this.effects !== undefined ? { effects: this.effects } : {}),
        ...(this.idempotenceDeclared ? { idempotent: this.idempotent } : {}),
        ...(this.openWorld !== undefined ? { openWorld: this.openWorld } : {}),
        ...(this.longRunning ? { longRunning: true } : {}),
      },
      this,
    );
    return this.cachedDescriptor;
  }

  /** @internal Runs the tool's own `execute` with what it needs from the metadata. */
  abstract [invokeTool](args: TArgs, metadata: ToolCallMetadata): Promise<TResult> | TResult;
}

setBrand(AbstractTool.prototype, Brands.tool);

/**
 * @param value - any value
 * @returns whether it is a tool (of any copy of the package)
 */
export function isTool(value: unknown): value is AnyTool {
  return hasBrand(value, Brands.tool);
}

/** Any tool, whatever its argument and result types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = AbstractTool<any, any>;

function withLimits(descriptor: ToolDescriptor, limits: ToolLimits): ToolDescriptor {
  if (limits.maxInvocations !== undefined) descriptor.maxInvocations = limits.maxInvocations;
  if (limits.maxFailures !== undefined) descriptor.maxFailures = limits.maxFailures;
  return descriptor;
}
