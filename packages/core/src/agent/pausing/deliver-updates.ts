import type { RunTranscript } from '../run-transcript.js';
import type { PendingEntry, RunRecord } from '../run/run-record.js';

/**
 * Delivers the updates given with `state.update(...)` to the model: one user message per update that
 * names the call and the tool (a provider accepts one tool message per call id, and the call's first
 * result already was one). A call whose final update is delivered is closed.
 * @param data - the run's state
 * @param transcript - the run's transcript
 * @returns how many updates were delivered
 */
export function deliverUpdates(data: RunRecord, transcript: RunTranscript): number {
  let delivered = 0;
  for (const entry of data.pending) {
    for (const update of entry.updates) {
      transcript.messages.push({ role: 'user', content: deliveredText(entry, update.value, update.final) });
      delivered++;
    }
    entry.updates = [];
  }
  if (delivered === 0) return 0;
  for (const entry of data.pending) if (entry.final) data.done.push(entry.callId);
  data.pending = data.pending.filter((entry) => !entry.final);
  return delivered;
}

/**
 * @param data - the run's state
 * @returns whether an update waits to be delivered
 */
export function hasUpdates(data: RunRecord): boolean {
  const { pending } = data;
  for (let index = 0; index < pending.length; index++) if (pending[index]!.updates.length > 0) return true;
  return false;
}

/**
 * The user message an update is delivered to the model as.
 * @param entry - the long-running call
 * @param value - the update's value
 * @param final - whether it is delivered as the call's final result (else as progress)
 * @returns the message's text
 */
export function deliveredText(entry: Pick<PendingEntry, 'callId' | 'toolName'>, value: string, final: boolean): string {
  const heading = final
    ? `The final result of the long-running tool call ${entry.callId} (${entry.toolName}), which was pending:`
    : `An update of the long-running tool call ${entry.callId} (${entry.toolName}), still pending:`;
  return `${heading}\n${value}`;
}
