/** What a bar of a run's timeline stands for. */
export type TimelineBarKind = 'model' | 'tool' | 'handoff' | 'interruption' | 'stop' | 'error';

/** How a bar ended: still going, fine, failed, or waiting for a person. */
export type TimelineBarStatus = 'running' | 'ok' | 'error' | 'waiting';

/** One bar of a run's timeline: a model call, a tool call, or a moment (a handoff, a pause, the end, an error). */
export interface TimelineBar {
  /** What it stands for. */
  kind: TimelineBarKind;
  /** A short label (`model`, the tool's name, `handoff to support`). */
  label: string;
  /** The run it belongs to. */
  runId: string;
  /** The agent of that run. */
  agentName: string;
  /** How deep the run is nested: 0 for the run streamed, 1 for an `AgentTool`'s agent, and so on. */
  depth: number;
  /** When it started, in ms since the run (or its resume) started. */
  start: number;
  /** When it ended (the same as `start` for a moment). */
  end: number;
  /** How it ended. */
  status: TimelineBarStatus;
  /** More to show: the error, the result's first characters, why the run stopped. */
  detail?: string;
  /** The tool call's id, for a tool bar. */
  callId?: string;
}
