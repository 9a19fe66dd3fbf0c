import type { DecodeOutcome } from '../../decoding/args-decoder.js';
import type { AgentOutput } from './agent-output.js';
import { answerViolations } from './answer-violations.js';

/** A whole answer that is one fenced code block (```json ... ``` or ``` ... ```): its body. */
const fenced = /^```[a-zA-Z0-9_-]*[^\S\n]*\n([\s\S]*?)\n?```$/;

/**
 * The JSON text of an answer: the answer trimmed, or the body of the one fenced code block it is
 * (models often wrap JSON in ```json even when told not to).
 * @param text - the answer's text
 * @returns the text to parse
 * @internal
 */
export function answerJson(text: string): string {
  const trimmed = text.trim();
  const match = fenced.exec(trimmed);
  return match === null ? trimmed : match[1]!.trim();
}

/**
 * Decodes a final answer into the agent's output, as tool arguments are decoded: parsed as JSON
 * (a fenced block tolerated), validated by the output's one validator, built (an Args class instance,
 * zod's output), its violations worded for an answer. Never throws for a bad answer.
 * @param output - the agent's output
 * @param text - the answer's text
 * @returns the output value, or the violations (and what a validator threw, if one did)
 * @internal
 */
export function decodeAnswer(output: AgentOutput, text: string): DecodeOutcome<unknown> {
  const json = answerJson(text);
  // An empty answer is no JSON (for tool arguments it means `{}`).
  if (json === '')
    return { ok: false, violations: [{ path: '', constraint: 'json', message: 'the answer is empty; answer with one JSON object' }] };
  const decoded = output.decoder.decode(json, output.limits);
  return decoded.ok ? decoded : { ...decoded, violations: answerViolations(decoded.violations) };
}
