import { runOf } from '../agent/run-agent-context.js';
import type { RunOptions } from '../agent/run-options.js';
import type { AgentContext } from '../context/agent-context.js';
import { AgentDepthLimitError } from '../errors/agent-depth-limit-error.js';
import { InvalidToolDefinitionError } from '../errors/invalid-tool-definition-error.js';
import { SubAgentInterruptedError } from '../agent/errors/sub-agent-interrupted-error.js';
import { SubAgentStoppedError } from '../agent/errors/sub-agent-stopped-error.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { ContextAwareTool } from '../tools/context-aware-tool.js';
import { applyStateDelta } from './apply-state-delta.js';
import { isRunnableAgent, type RunnableAgent } from './runnable-agent.js';

/** The arguments the model passes to an {@link AgentTool}. */
export interface AgentToolArgs {
  /** What to ask the agent. */
  request: string;
}

/** Options of {@link AgentTool.of}. */
export interface AgentToolOptions {
  /** The tool's name; default the agent's name (which must then be a valid tool name). */
  name?: string;
  /** What the tool does, for the model; default the agent's `description`, else a sentence naming the agent. */
  description?: string;
  /** End the calling run with the agent's answer as its text, without another model call (ADK's `skip_summarization`). Default false. */
  skipSummarization?: boolean;
  /** How deep agents may run agents through `AgentTool`s before a call is refused; default 5 (a positive integer). */
  maxDepth?: number;
}

const requestSchema: JsonSchema = {
  type: 'object',
  properties: {
    request: { type: 'string', description: 'What to ask, in full: the agent sees nothing else of this conversation.' },
  },
  required: ['request'],
};

/**
 * An agent as a tool (ADK's `AgentTool`, MAF's `as_tool`): the model passes `{ request }`, and the
 * agent runs on it as its user message, with
 * - a copy of the calling run's state, its changes (`temp:` keys excepted) written back into that state;
 * - the call's signal, and at most the calling run's remaining time;
 * - no history: the request is all it sees.
 *
 * Its answer is the tool's result (with `skipSummarization`, the calling run ends with it). Its run
 * is kept in the calling run's `run.subRuns` and its usage added to `run.usage`. A run that stops
 * without completing is answered with a {@link SubAgentStoppedError}; a call nested deeper than
 * `maxDepth` (an agent reaching itself) with an {@link AgentDepthLimitError}, without running the
 * agent; the calling run goes on after either.
 * @example
 * const researcher = new Agent({ model, name: 'researcher', description: 'Finds facts about a company.', tools: [search] });
 * const writer = new Agent({ model, tools: [AgentTool.of(researcher)] });
 * const run = await writer.run('Write a paragraph about Acme.');
 * run.subRuns?.[0]?.text; // what the researcher answered
 */
export class AgentTool extends ContextAwareTool<AgentToolArgs, string> {
  /** The default of {@link AgentToolOptions.maxDepth}. */
  static readonly defaultMaxDepth = 5;
  /** The agent the tool runs. */
  readonly agent: RunnableAgent;
  /** Whether the calling run ends with the agent's answer. */
  readonly skipSummarization: boolean;
  /** How deep agents may run agents through `AgentTool`s. */
  readonly maxDepth: number;

  /**
   * @param agent - the agent to run
   * @param options - name, description, skipSummarization, maxDepth
   * @throws InvalidToolDefinitionError when `agent` is not an agent, the name is not a valid tool name, or `maxDepth` is not a positive integer
   */
  constructor(agent: RunnableAgent, options: AgentToolOptions = {}) {
    if (!isRunnableAgent(agent))
      throw new InvalidToolDefinitionError('AgentTool', 'its agent must be an object with a string name and a run method.');
    super({
      name: options.name ?? agent.name,
      description: options.description ?? agent.description ?? `Asks the agent '${agent.name}' and returns its answer.`,
      argsType: requestSchema,
    });
    const maxDepth = options.maxDepth ?? AgentTool.defaultMaxDepth;
    if (!Number.isSafeInteger(maxDepth) || maxDepth < 1)
      throw new InvalidToolDefinitionError(
        `'${this.name}' (AgentTool)`,
        `maxDepth must be a positive integer, but was ${String(maxDepth)}.`,
      );
    this.agent = agent;
    this.skipSummarization = options.skipSummarization ?? false;
    this.maxDepth = maxDepth;
  }

  /**
   * Makes a tool that runs an agent.
   * @param agent - the agent to run (an `Agent`, a workflow agent, any {@link RunnableAgent})
   * @param options - name, description, skipSummarization, maxDepth
   * @returns the tool
   * @throws InvalidToolDefinitionError when `agent` is not an agent, the name is not a valid tool name, or `maxDepth` is not a positive integer
   */
  static of(agent: RunnableAgent, options: AgentToolOptions = {}): AgentTool {
    return new AgentTool(agent, options);
  }

  /**
   * Runs the agent on the request.
   * @param args - the model's `{ request }`
   * @param context - the calling run's context for this call
   * @returns the agent's answer
   * @throws AgentDepthLimitError when the call is nested deeper than `maxDepth`
   * @throws SubAgentInterruptedError when the agent's run stops `'interrupted'` and the agent can resume it (the calling run pauses on it)
   * @throws SubAgentStoppedError when the agent's run stops otherwise without completing
   * @throws what the agent's run throws
   */
  async execute(args: AgentToolArgs, context: AgentContext): Promise<string> {
    const { agent } = this;
    const parent = runOf(context);
    if ((parent?.depth ?? 0) + 1 > this.maxDepth) throw new AgentDepthLimitError(agent.name, this.maxDepth);
    // The call runs again after its agent's run paused: that run goes on.
    const paused = agent.resume === undefined ? undefined : parent?.pausedRun(context.toolCallId);
    const options: RunOptions =
      paused === undefined ? { state: context.state.toJSON(), signal: context.signal } : { signal: context.signal };
    const nested = parent === undefined ? options : parent.nest(options, context.toolCallId);
    const run = paused === undefined ? await agent.run(args.request, nested) : await agent.resume!(paused, nested);
    if (run.stopReason === 'interrupted' && agent.resume !== undefined && run.state.agentName === agent.name)
      throw new SubAgentInterruptedError(agent.name, run.interruptions, run.state);
    parent?.recordSubRun(run);
    applyStateDelta(context.state, run.stateDelta);
    if (run.stopReason !== 'completed') throw new SubAgentStoppedError(this.agent.name, run.stopReason, run.text, run);
    if (this.skipSummarization) context.actions.skipSummarization = true;
    return run.text;
  }
}
