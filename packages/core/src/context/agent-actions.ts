/**
 * What a tool asks the agent loop to do after its call, as in Google ADK's `EventActions`.
 * Tools set these on `context.actions`; the loop reads them once the turn's calls are answered.
 */
export class AgentActions {
  /** End the run with this tool's result as the final text, without another model call. */
  skipSummarization = false;
  /** Hand the conversation to the named agent; the run stops with `stopReason: 'transfer'`. */
  transferToAgent?: string;
  /** Escalate to the parent or a human; the run stops with `stopReason: 'escalate'`. */
  escalate = false;
}
