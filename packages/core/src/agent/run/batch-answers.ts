import type { ToolMessage } from '../../model/messages.js';
import type { BatchEntry } from './run-record.js';

/** What the model is told of a call that waits for the host, when a transcript must answer every call. */
export const waitingAnswer = 'Error: not executed: the call is waiting for the host (an approval, a result or a credential).';

/**
 * The tool messages that answer a waiting batch, so a transcript that stops there is valid for any
 * provider: a call that ran gets its real result, a call that waits {@link waitingAnswer}.
 * @param entries - the batch
 * @returns one tool message per call, in order
 * @internal
 */
export function batchAnswers(entries: readonly BatchEntry[]): ToolMessage[] {
  return entries.map((entry) =>
    entry.result === undefined
      ? { role: 'tool', toolCallId: entry.callId, name: entry.toolName, content: waitingAnswer, isError: true }
      : {
          role: 'tool',
          toolCallId: entry.callId,
          name: entry.toolName,
          content: entry.result.parts?.slice() ?? entry.result.content,
          isError: entry.result.isError,
        },
  );
}
