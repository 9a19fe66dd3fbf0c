/** One handoff of a run (`run.handoffs`): which agent gave the conversation to which, and how. */
export interface Handoff {
  /** The agent that handed over. */
  from: string;
  /** The agent that took over. */
  to: string;
  /** `'transfer'`: a tool set `actions.transferToAgent` (or the model called `transfer_to_agent`); `'escalate'`: a sub-agent escalated to its parent. */
  kind: 'transfer' | 'escalate';
}
