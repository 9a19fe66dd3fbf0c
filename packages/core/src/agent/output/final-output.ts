import { describeOutputViolations, InvalidOutputError } from '../../errors/invalid-output-error.js';
import type { AssistantMessage } from '../../model/messages.js';
import type { StopReason } from '../../model/stop-reason.js';
import { contentText } from '../../results/content-text.js';
import type { Run } from '../run/run.js';
import type { AgentOutput } from './agent-output.js';
import { decodeAnswer } from './decode-answer.js';

/** How a run ended, as far as its output goes. @internal */
export interface OutputOutcome {
  stopReason: StopReason;
  text?: string;
  /** The decoded output, when the run's answer fitted its `outputType`. */
  output?: unknown;
  /** Why the answer did not fit, for `'invalid_output'`. */
  outputError?: InvalidOutputError;
}

/**
 * The model answered without tool calls, in a run with an `outputType`: the run ends with the decoded
 * output when the answer fits; when it does not and the run has retries left (`record.outputRetries`
 * counts those used, across resumes), the violations go back to the model as a user message and the
 * loop goes on (undefined); else the run stops `'invalid_output'`.
 * @param run - the run
 * @param output - the run's output (its agent's)
 * @param message - the model's answer
 * @returns how the run ends, or undefined to ask the model again
 * @internal
 */
export function finalOutput(run: Run, output: AgentOutput, message: AssistantMessage): OutputOutcome | undefined {
  const decoded = decodeAnswer(output, contentText(message.content));
  if (decoded.ok) return { stopReason: 'completed', output: decoded.value };
  const { record } = run;
  const used = record.outputRetries ?? 0;
  if (used >= output.retries)
    return { stopReason: 'invalid_output', outputError: new InvalidOutputError(output.name, decoded.violations, used + 1, decoded.thrown) };
  record.outputRetries = used + 1;
  run.transcript.messages.push({
    role: 'user',
    content: `Error: ${describeOutputViolations(output.name, decoded.violations)}\nFix the answer: reply with only the JSON object the schema of '${output.name}' asks for.`,
  });
  return undefined;
}

/**
 * A run's outcome with its output settled, once the loop stopped: a `'completed'` run without a
 * decoded output (a tool's `skipSummarization` text, or a stopped run resumed as it stands) has its
 * text decoded, with no retry (`'invalid_output'` when it does not fit); an `'invalid_output'` run
 * resumed as it stands gets its error again.
 * @param run - the run
 * @param outcome - how the loop ended
 * @returns the outcome, with `output` or `outputError` when the run's agent has an `outputType`
 * @internal
 */
export function settleOutput<T extends OutputOutcome>(run: Run, outcome: T): T {
  const output = run.root.settings.output;
  if (output === undefined) return outcome;
  let settled = outcome;
  const { stopReason } = outcome;
  if ((stopReason === 'completed' && !('output' in outcome)) || (stopReason === 'invalid_output' && outcome.outputError === undefined)) {
    const text = outcome.text ?? run.transcript.lastAssistantText;
    const decoded = decodeAnswer(output, text);
    const attempts = (run.record.outputRetries ?? 0) + 1;
    if (decoded.ok && stopReason === 'completed') settled = { ...outcome, output: decoded.value };
    else
      settled = {
        ...outcome,
        stopReason: 'invalid_output',
        outputError: new InvalidOutputError(
          output.name,
          decoded.ok ? [{ path: '', constraint: 'invalid', message: 'the answer was refused when the run stopped' }] : decoded.violations,
          attempts,
          decoded.ok ? undefined : decoded.thrown,
        ),
      };
  }
  return settled;
}

/**
 * Emits the `output` event of a run that ends with an output (after its output guardrails passed): a
 * streamed run's own, not one nested in another run's stream (whose output is typed by another agent).
 * @param run - the run
 * @param outcome - how it ended
 * @internal
 */
export function emitOutput(run: Run, outcome: OutputOutcome): void {
  if ('output' in outcome && run.lineage.stream === undefined) run.events.enqueue({ type: 'output', output: outcome.output });
}
