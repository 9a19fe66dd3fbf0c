import type { AgentEvent } from '@toolcraft/core';
import type { TimelineBar } from './timeline-bar.js';

const detailChars = 200;

/** A run's state as the recorder follows it: its depth, its open model call, and the calls of its turn still running. */
interface RunTrack {
  depth: number;
  agentName: string;
  /** When the next model call started: the run's start, or the end of its turn's last call. */
  modelStart: number | undefined;
  openModel: TimelineBar | undefined;
  pendingCalls: Set<string>;
}

/**
 * Draws a streamed run as bars, from its events and when each arrived: a model call runs from the
 * run's start (or its turn's last tool result) to the turn's message, a tool call from its start to
 * its result; handoffs, pauses, the stop reason and errors are moments. Nested runs (`AgentTool`)
 * are drawn a level deeper, their first model call starting with the call that runs them.
 */
export class TimelineRecorder {
  private readonly bars: TimelineBar[] = [];
  private readonly runs = new Map<string, RunTrack>();
  private readonly openTools = new Map<string, TimelineBar>();

  /**
   * Takes one event of the run.
   * @param event - the event
   * @param at - when it arrived, in ms since the run started
   */
  record(event: AgentEvent, at: number): void {
    const run = this.track(event, at);
    switch (event.type) {
      case 'text_delta':
        run.openModel ??= this.open('model', 'model', event, run, run.modelStart ?? at);
        break;
      case 'message': {
        const bar = run.openModel ?? this.open('model', 'model', event, run, run.modelStart ?? at);
        const calls = event.message.toolCalls ?? [];
        this.close(bar, at, 'ok', calls.length === 0 ? 'answer' : `asks for ${calls.map((call) => call.name).join(', ')}`);
        run.openModel = undefined;
        run.modelStart = undefined;
        run.pendingCalls = new Set(calls.map((call) => call.id));
        break;
      }
      case 'tool_call_started':
        this.openTools.set(event.callId, this.openTool(event.callId, event.toolName, event, run, at));
        break;
      case 'tool_call_completed': {
        const bar = this.openTools.get(event.callId) ?? this.openTool(event.callId, event.toolName, event, run, at);
        this.openTools.delete(event.callId);
        const status = event.result.paused === true ? 'waiting' : event.result.isError ? 'error' : 'ok';
        this.close(bar, at, status, event.result.content);
        run.pendingCalls.delete(event.callId);
        if (run.pendingCalls.size === 0) run.modelStart = at;
        break;
      }
      case 'handoff':
        this.moment('handoff', `handoff to ${event.to}`, event, run, at, 'ok');
        break;
      case 'interruption': {
        // A call that asked for a credential (or whose agent paused) ends waiting, without a result.
        const call = this.openTools.get(event.callId);
        if (call !== undefined) {
          this.close(call, at, 'waiting', `waits for ${event.kind === 'credential' ? 'a credential' : event.kind}`);
          this.openTools.delete(event.callId);
        }
        this.moment('interruption', `waits: ${event.kind} for ${event.toolName}`, event, run, at, 'waiting');
        break;
      }
      case 'run_completed': {
        const reason = event.result.stopReason;
        if (reason === 'interrupted') this.closeRun(event.runId, at, 'waiting', 'waits for the host');
        else this.closeRun(event.runId, at, 'error', reason === 'aborted' ? 'aborted' : 'the run ended before it did');
        const status = reason === 'completed' ? 'ok' : reason === 'interrupted' ? 'waiting' : 'error';
        this.moment('stop', reason, event, run, at, status, reason === 'completed' ? undefined : stopDetail(reason));
        break;
      }
      case 'tool_progress':
        break;
    }
  }

  /**
   * Ends the timeline of a run that failed: what was open fails, and an error bar says why.
   * @param message - the error's text
   * @param at - when, in ms since the run started
   */
  fail(message: string, at: number): void {
    for (const runId of this.runs.keys()) this.closeRun(runId, at, 'error', message);
    const top = [...this.runs.entries()].find(([, run]) => run.depth === 0);
    this.bars.push({
      kind: 'error',
      label: 'error',
      runId: top?.[0] ?? '',
      agentName: top?.[1].agentName ?? '',
      depth: 0,
      start: at,
      end: at,
      status: 'error',
      detail: bounded(message),
    });
  }

  /**
   * The timeline so far.
   * @returns the bars, in the order they started (copies)
   */
  snapshot(): TimelineBar[] {
    return this.bars.map((bar) => ({ ...bar })).sort((left, right) => left.start - right.start);
  }

  private track(event: AgentEvent, at: number): RunTrack {
    let run = this.runs.get(event.runId);
    if (run === undefined) {
      const parent = event.parentRunId === undefined ? undefined : this.runs.get(event.parentRunId);
      const callStart = event.parentCallId === undefined ? undefined : this.openTools.get(event.parentCallId)?.start;
      run = {
        depth: parent === undefined ? (event.parentRunId === undefined ? 0 : 1) : parent.depth + 1,
        agentName: event.agentName,
        modelStart: callStart ?? (parent === undefined && event.parentRunId === undefined ? 0 : at),
        openModel: undefined,
        pendingCalls: new Set(),
      };
      this.runs.set(event.runId, run);
    }
    run.agentName = event.agentName;
    return run;
  }

  private open(kind: TimelineBar['kind'], label: string, event: AgentEvent, run: RunTrack, start: number): TimelineBar {
    const bar: TimelineBar = {
      kind,
      label,
      runId: event.runId,
      agentName: event.agentName,
      depth: run.depth,
      start,
      end: start,
      status: 'running',
    };
    this.bars.push(bar);
    return bar;
  }

  private openTool(callId: string, toolName: string, event: AgentEvent, run: RunTrack, at: number): TimelineBar {
    const bar = this.open('tool', toolName, event, run, at);
    bar.callId = callId;
    return bar;
  }

  private moment(
    kind: TimelineBar['kind'],
    label: string,
    event: AgentEvent,
    run: RunTrack,
    at: number,
    status: TimelineBar['status'],
    detail?: string,
  ): void {
    const bar = this.open(kind, label, event, run, at);
    bar.status = status;
    if (detail !== undefined) bar.detail = detail;
  }

  private close(bar: TimelineBar, at: number, status: TimelineBar['status'], detail?: string): void {
    bar.end = Math.max(bar.start, at);
    bar.status = status;
    if (detail !== undefined && detail !== '') bar.detail = bounded(detail);
  }

  /** Closes what a run still has open, as failed. */
  private closeRun(runId: string, at: number, status: TimelineBar['status'], detail: string): void {
    const run = this.runs.get(runId);
    if (run?.openModel !== undefined) this.close(run.openModel, at, status, detail);
    if (run !== undefined) run.openModel = undefined;
    for (const [callId, bar] of this.openTools)
      if (bar.runId === runId) {
        this.close(bar, at, status, detail);
        this.openTools.delete(callId);
      }
  }
}

function stopDetail(reason: string): string {
  const details: Record<string, string> = {
    interrupted: 'waiting for the host: answer the cards below',
    aborted: 'the run was aborted',
    max_iterations: 'the run reached maxIterations',
    max_tool_calls: 'the run reached maxToolCalls',
    max_duration: 'the run reached maxDurationMs',
    guardrail: 'a guardrail tripped',
  };
  return details[reason] ?? reason;
}

function bounded(text: string): string {
  return text.length > detailChars ? `${text.slice(0, detailChars)}…` : text;
}
