import type { CredentialRequest } from '../../errors/credential-required-error.js';

/** Why a paused run waits: a person's approval, a declaration-only tool's result, or a credential. */
export type InterruptionKind = 'approval' | 'result' | 'credential';

/** What every interruption says: the call that waits, its tool and its arguments. */
export interface InterruptionBase {
  /** Why the call waits. */
  kind: InterruptionKind;
  /** The call's id (the argument of `state.approve`, `reject`, `resolve`, `provideCredential`). */
  callId: string;
  /** The tool's name. */
  toolName: string;
  /** The call's JSON arguments, as the model sent them (or as an approval edited them). */
  arguments: string;
  /** The agent whose call it is. */
  agentName: string;
  /**
   * Present when the call waits in the run of an `AgentTool`'s agent: the id of this run's `AgentTool`
   * call (then `callId` is `<parentCallId>/<the call's id in that run>`, what `state.approve` and the others take).
   */
  parentCallId?: string;
}

/**
 * A call that needs a person's yes (`needsApproval` on the tool, or the agent's `approvals` policy);
 * answer with `state.approve(callId, { arguments? })` or `state.reject(callId, reason?)`.
 */
export interface ApprovalInterruption extends InterruptionBase {
  kind: 'approval';
  /**
   * True when the call may already have run: a process died while it was running (`agent.recover`),
   * it was not idempotent, so it is not run again without a yes.
   */
  inDoubt?: boolean;
}

/** A call to a declaration-only tool (`Tool.declaration`); answer with `state.resolve(callId, value)`. */
export interface ResultInterruption extends InterruptionBase {
  kind: 'result';
}

/**
 * A tool asked for a credential with `context.requestCredential(...)`; answer with
 * `state.provideCredential(callId, credential)` in the process that resumes (credentials are never saved).
 */
export interface CredentialInterruption extends InterruptionBase {
  kind: 'credential';
  /** What the tool asked for. */
  request: CredentialRequest;
}

/** One call a paused run waits on (`run.interruptions`). */
export type Interruption = ApprovalInterruption | ResultInterruption | CredentialInterruption;

/**
 * An open call of a long-running tool (`run.pending`): its first result reached the model, the final
 * one is to be delivered with `state.update(callId, value, { final: true })` and `agent.resume(state)`.
 */
export interface PendingCall {
  /** The call's id. */
  callId: string;
  /** The tool's name. */
  toolName: string;
  /** The call's JSON arguments. */
  arguments: string;
  /** The result the model got at once (e.g. `{"status":"pending","ticket":"..."}`). */
  initialResult: string;
}
