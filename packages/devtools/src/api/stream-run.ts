import type { ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { describeThrownValue, type AgentStream, type RunResult, type Session } from '@toolcraft/core';
import { TimelineRecorder } from '../timeline/timeline-recorder.js';
import { devEvent } from './dev-event.js';
import { jsonSafe } from './json-safe.js';
import type { RunStore } from './run-store.js';
import { sessionView } from './session-view.js';

/** What the page needs to answer a paused run's calls. */
function interruptionsOf(result: RunResult) {
  return result.interruptions.map((item) => ({
    kind: item.kind,
    callId: item.callId,
    toolName: item.toolName,
    arguments: item.arguments,
    agentName: item.agentName,
    ...(item.kind === 'credential' ? { request: jsonSafe(item.request) } : {}),
    ...(item.kind === 'approval' && item.inDoubt === true ? { inDoubt: true } : {}),
  }));
}

/**
 * Streams a run to the page as JSON lines: `{ kind: 'event', at, event }` for each event (with
 * `at`, the ms since the run started), then `{ kind: 'done', ... }` with the result, the timeline,
 * the `RunState` JSON (never a credential) and the session, or `{ kind: 'failed', error, timeline }`
 * when the run rejects. The page going away aborts the run.
 * @param response - the response to write to
 * @param stream - the run
 * @param runs - the dev UI's runs (the run is recorded as stopped or paused)
 * @param runId - the run's id
 * @param session - the run's session
 * @internal
 */
export async function streamRun(
  response: ServerResponse,
  stream: AgentStream,
  runs: RunStore,
  runId: string,
  session: Session,
): Promise<void> {
  const timeline = new TimelineRecorder();
  const started = performance.now();
  const at = () => Math.round((performance.now() - started) * 10) / 10;
  const write = (line: Record<string, unknown>) => {
    if (!response.writableEnded && !response.destroyed) response.write(`${JSON.stringify(line)}\n`);
  };
  response.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store' });
  response.on('close', () => {
    if (!response.writableFinished) runs.abort(runId);
  });
  try {
    for await (const event of stream) {
      const time = at();
      timeline.record(event, time);
      write({ kind: 'event', at: time, event: devEvent(event) });
    }
    const result = await stream.result;
    runs.stopped(runId, result.state);
    write({
      kind: 'done',
      runId: result.runId,
      stopReason: result.stopReason,
      text: result.text,
      interruptions: interruptionsOf(result),
      usage: result.usage,
      durationMs: result.durationMs,
      timeline: timeline.snapshot(),
      runState: result.state.toJSON(),
      session: await sessionView(session),
    });
  } catch (error) {
    runs.stopped(runId, undefined);
    const message = describeThrownValue(error, { detail: 'full' });
    timeline.fail(message, at());
    write({ kind: 'failed', runId, error: message, timeline: timeline.snapshot(), session: await sessionView(session) });
  } finally {
    response.end();
  }
}
