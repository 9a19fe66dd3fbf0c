import type { RunRecord } from './run-record.js';
import type { Run } from './run.js';

/** How a run saves checkpoints: to its store, or through the run it is nested in. @internal */
export interface RunCheckpoints {
  /** Whether the run is checkpointed at all. */
  readonly active: boolean;
  /** Saves the run as it stands now and waits for it. */
  save(): Promise<void>;
  /** Saves soon, without waiting. */
  saveSoon(): void;
  /** The run has stopped in this process: later checkpoints no longer name it as the run's owner. */
  release?(): void;
}

/**
 * The checkpoints of a run without a checkpoint store (and not nested in a checkpointed run): none.
 * One object for every such run.
 * @internal
 */
export const noCheckpoints: RunCheckpoints = Object.freeze({
  active: false,
  save: (): Promise<void> => Promise.resolve(),
  saveSoon: (): void => undefined,
});

/**
 * The checkpoints of a run nested in a checkpointed run (an `AgentTool` call's agent): its record is
 * put on the parent's call (`subRun` of the call's batch entry) and the parent saves, so a crash in
 * the middle of the nested run leaves a parent checkpoint that knows which of the nested run's calls
 * had started. Recovering the parent then finds the nested run's calls in doubt, instead of running
 * them again from the nested run's older state.
 * @internal
 */
export class ParentCheckpoints implements RunCheckpoints {
  readonly active = true;

  /**
   * @param parent - the run the nested run is part of (checkpointed)
   * @param callId - the parent's call that runs the nested run
   * @param record - the nested run's record
   */
  constructor(
    private readonly parent: Run,
    private readonly callId: string,
    private readonly record: RunRecord,
  ) {}

  save(): Promise<void> {
    this.attach();
    return this.parent.checkpoints.save();
  }

  saveSoon(): void {
    this.attach();
    this.parent.checkpoints.saveSoon();
  }

  private attach(): void {
    const entry = this.parent.record.batch?.find((candidate) => candidate.callId === this.callId);
    if (entry !== undefined && entry.result === undefined) entry.subRun = this.record;
  }
}
