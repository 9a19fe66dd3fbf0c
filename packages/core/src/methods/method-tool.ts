import { MissingAgentContextError } from '../errors/missing-agent-context-error.js';
import { FrameworkKeys } from '../metadata/framework-keys.js';
import type { ToolCallMetadata } from '../metadata/tool-call-metadata.js';
import { withPrecompiledDecoder } from '../tools/precompiled-decoder.js';
import { AbstractTool } from '../tools/abstract-tool.js';
import { invokeTool, type ToolNeeds } from '../tools/invoke-tool.js';
import type { ResultBudget } from '../results/result-budget.js';
import type { ToolLimits } from '../tools/tool-limits.js';
import type { ParameterPlan } from './parameter-plan.js';
import type { ArgsDecoder } from '../decoding/args-decoder.js';
import type { ToolSideEffectOptions } from '../effects/tool-effects.js';
import { pickSideEffects } from '../effects/resolve-side-effects.js';

/** What a {@link MethodTool} is built from. */
export interface MethodToolInit extends ToolSideEffectOptions<never> {
  /** The tool's name. */
  name: string;
  /** The tool's description. */
  description: string;
  /** The instance the method is called on (the constructor, for a static method). */
  receiver: object;
  /** The method itself. */
  method: (...args: unknown[]) => unknown;
  /** How its parameters are decoded and filled. */
  plan: ParameterPlan;
  /** Where it comes from, e.g. `MathService.add`, for messages. */
  source: string;
  /** A time limit per call, from `@Tool({ timeoutMs })`. */
  timeoutMs?: number;
  /** Per-run limits, from `@Tool({ maxInvocations, maxFailures })`. */
  limits?: ToolLimits;
  /** The result budget, from `@Tool({ resultBudget })`. */
  resultBudget?: ResultBudget;
  /** The decoder of its result, when it has a schema (`@Tool({ outputType })`, or a declared return type that is an Args class). */
  outputDecoder?: ArgsDecoder<unknown>;
}

/**
 * A tool backed by an `@Tool` method of a service class, called on its instance (so `this` works).
 * Built by the registry; application code never constructs it.
 */
export class MethodTool extends AbstractTool<Record<string, unknown>, unknown> {
  /** @internal */
  readonly needs: ToolNeeds;
  /** Where the tool comes from, e.g. `MathService.add`. */
  readonly source: string;
  /**
   * The decoder of the tool's result, when its result has a schema (`@Tool({ outputType })`, or a
   * synchronous method's declared return type that is an Args class): its `schema` is the tool's output
   * schema (MCP's `outputSchema`), `decode` checks a result against it.
   */
  readonly outputDecoder?: ArgsDecoder<unknown>;
  private readonly receiver: object;
  private readonly method: (...args: unknown[]) => unknown;
  private readonly plan: ParameterPlan;

  /** @param init - the method, its receiver and its parameter plan */
  constructor(init: MethodToolInit) {
    super(
      withPrecompiledDecoder(
        {
          name: init.name,
          description: init.description,
          argsType: init.plan.decoder.schema,
          ...(init.timeoutMs !== undefined ? { timeoutMs: init.timeoutMs } : {}),
          ...(init.resultBudget !== undefined ? { resultBudget: init.resultBudget } : {}),
          ...init.limits,
          ...(pickSideEffects(init) as ToolSideEffectOptions<Record<string, unknown>>),
        },
        init.plan.decoder,
      ),
    );
    this.needs = init.plan.needs;
    this.source = init.source;
    if (init.outputDecoder !== undefined) this.outputDecoder = init.outputDecoder;
    this.receiver = init.receiver;
    this.method = init.method;
    this.plan = init.plan;
  }

  /**
   * @param other - another method tool
   * @returns whether both call the same method on the same receiver
   */
  isSameMethodAs(other: MethodTool): boolean {
    return this.receiver === other.receiver && this.method === other.method && this.name === other.name;
  }

  /** @internal */
  [invokeTool](args: Record<string, unknown>, metadata: ToolCallMetadata): unknown {
    const slots = this.plan.slots;
    const values = new Array<unknown>(slots.length);
    for (let index = 0; index < slots.length; index++) {
      const slot = slots[index];
      switch (slot.kind) {
        case 'argument':
          values[index] = args[slot.name];
          break;
        case 'argsObject':
          // The decoder's instance plan already built the Args class instance (or the plain object).
          values[index] = args;
          break;
        case 'metadata':
          values[index] = metadata;
          break;
        case 'context': {
          const context = metadata.get(FrameworkKeys.agentContext);
          if (context === undefined) throw new MissingAgentContextError(this.name);
          values[index] = context;
        }
      }
    }
    return this.method.apply(this.receiver, values);
  }
}
