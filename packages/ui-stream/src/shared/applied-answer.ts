/** One answer a client gave that was applied to a run's state. */
export interface AppliedAnswer {
  /** The call it answers. */
  callId: string;
  /** The tool's name. */
  toolName: string;
  /**
   * What was decided: approved (with `arguments` when they were edited), rejected (with `reason`),
   * resolved (a client-side tool's result), or a credential provided (kept in the state's memory only).
   */
  decision: 'approved' | 'rejected' | 'resolved' | 'provided';
  /** The edited arguments (JSON text), when the client changed them. */
  arguments?: string;
  /** Why it was rejected, when the client said. */
  reason?: string;
}
