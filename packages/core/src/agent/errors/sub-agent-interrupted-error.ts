import { pausesRunMarker } from '../../errors/pauses-run.js';
import { ToolcraftError } from '../../errors/toolcraft-error.js';
import type { RunState } from '../pausing/run-state.js';

const errorName = 'SubAgentInterruptedError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** A call an agent's run waits on, as {@link SubAgentInterruptedError} lists it. */
export interface WaitingCall {
  /** Why it waits (`'approval'`, `'result'`, `'credential'`). */
  kind: string;
  /** The call's id in the agent's run. */
  callId: string;
  /** The tool's name. */
  toolName: string;
}

/**
 * The run of an `AgentTool`'s agent stopped `'interrupted'`: it waits for the host (an approval, a
 * declaration-only tool's result, a credential). Inside an agent run this pauses the call, and the
 * calling run stops `'interrupted'` too, listing the agent's waiting calls in its `interruptions`;
 * `agent.resume(state)` of the calling run resumes the agent's run. Anywhere else (the tool
 * dispatched on its own) it is the call's error.
 */
export class SubAgentInterruptedError extends ToolcraftError {
  private readonly [marker] = true;
  /** A paused sub-run is control flow: the call waits for the host, it did not fail. */
  readonly [pausesRunMarker] = true;
  override readonly name: string = errorName;

  /**
   * @param agentName - the agent
   * @param waiting - the calls its run waits on
   * @param state - its run's `RunState` (typed by the agent)
   */
  constructor(
    readonly agentName: string,
    readonly waiting: readonly WaitingCall[],
    readonly state: RunState,
  ) {
    const calls = waiting.map((call) => `'${call.callId}' (${call.kind} of ${call.toolName})`).join(', ');
    super(`Agent '${agentName}' is waiting for the host before it can answer: ${calls === '' ? 'no calls listed' : calls}.`);
  }

  /**
   * Tells whether a value is a {@link SubAgentInterruptedError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link SubAgentInterruptedError}
   */
  static override isInstance(error: unknown): error is SubAgentInterruptedError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
