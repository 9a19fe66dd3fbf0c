import type { AgentEvent } from './agent-event.js';
import type { EventChannel } from './event-channel.js';

/**
 * Where a nested run (an `AgentTool`'s agent, a workflow agent's agents) sends its stream events: the
 * channel of the streamed run it is part of, and the tags that place it under its parent.
 * @internal
 */
export interface StreamTarget {
  /** The channel of the outermost streamed run. */
  readonly channel: EventChannel<AgentEvent>;
  /** The run that started the nested run, put on its events as `parentRunId`. */
  readonly parentRunId?: string;
  /** The `AgentTool` call that started the nested run, put on its events as `parentCallId`. */
  readonly parentCallId?: string;
}
