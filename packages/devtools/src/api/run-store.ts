import type { RunState } from '@toolcraft/core';
import { DevtoolsRequestError } from '../errors/devtools-request-error.js';

/** A run of the dev UI: its session, its abort, and its state while it waits for the page. */
interface RunEntry {
  sessionId: string;
  controller?: AbortController;
  paused?: RunState;
}

/** The dev UI's runs by id: the running ones (to abort them) and the paused ones (to resume them), in this process's memory. @internal */
export class RunStore {
  private readonly runs = new Map<string, RunEntry>();

  /** Marks a run as running; returns its signal. */
  start(runId: string, sessionId: string): AbortSignal {
    const entry = this.runs.get(runId);
    if (entry?.controller !== undefined) throw new DevtoolsRequestError(409, `the run '${runId}' is running already.`);
    const controller = new AbortController();
    this.runs.set(runId, { sessionId, controller });
    return controller.signal;
  }

  /** Records how a run stopped: its state kept when it waits for the page. */
  stopped(runId: string, state: RunState | undefined): void {
    const entry = this.runs.get(runId);
    if (entry === undefined) return;
    delete entry.controller;
    if (state !== undefined && state.interruptions.length > 0) entry.paused = state;
    else delete entry.paused;
  }

  /**
   * A paused run, to answer and resume.
   * @throws DevtoolsRequestError 404 when no run of that id waits
   */
  paused(runId: string): { state: RunState; sessionId: string } {
    const entry = this.runs.get(runId);
    if (entry?.paused === undefined) throw new DevtoolsRequestError(404, `no run '${runId}' waits for an answer.`);
    return { state: entry.paused, sessionId: entry.sessionId };
  }

  /**
   * Aborts a running run.
   * @returns whether one was running
   */
  abort(runId: string): boolean {
    const controller = this.runs.get(runId)?.controller;
    controller?.abort(new Error('Stopped from the dev UI.'));
    return controller !== undefined;
  }

  /** Aborts every running run. */
  abortAll(): void {
    for (const entry of this.runs.values()) entry.controller?.abort(new Error('The dev UI closed.'));
  }
}
