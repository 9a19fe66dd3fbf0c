import type { ArgumentLimits } from './argument-limits.js';
import { copyArguments } from './argument-size.js';
import { addViolation, type ViolationSink } from './violation-sink.js';

/**
 * Turns raw arguments (a JSON string or an object) into a plain object, within the limits.
 * An empty string means no arguments. Violations go to the sink; the result is then undefined.
 * An object is copied first, each property read once (a getter cannot answer differently later), and
 * the copy is what is measured, validated and given to the tool.
 * @param raw - what the model or caller sent
 * @param limits - size and depth limits
 * @param sink - where violations go
 * @returns the argument object, or undefined when it could not be read
 */
export function parseArguments(raw: unknown, limits: ArgumentLimits, sink: ViolationSink): Record<string, unknown> | undefined {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    if (raw.length > limits.maxLength) {
      addViolation(sink, '', 'maxLength', `the arguments are ${raw.length} characters long; at most ${limits.maxLength} are accepted`);
      return undefined;
    }
    if (raw.length === 0 || (raw.charCodeAt(0) <= 32 && raw.trim() === '')) return {};
    if (raw.length > 2 * limits.maxDepth && maxNesting(raw) > limits.maxDepth) {
      addViolation(sink, '', 'maxDepth', `the arguments are nested deeper than ${limits.maxDepth} levels`);
      return undefined;
    }
    try {
      value = JSON.parse(raw);
    } catch (error) {
      addViolation(sink, '', 'json', `not valid JSON (${(error as Error).message}); send one JSON object, e.g. {"name": "value"}`);
      return undefined;
    }
  } else if (raw === undefined || raw === null) {
    return {};
  } else if (typeof raw === 'object') {
    const verdict = copyArguments(raw, limits.maxLength, limits.maxDepth);
    if (verdict.ok) value = verdict.copy;
    else if (verdict.reason === 'tooLong') {
      addViolation(
        sink,
        '',
        'maxLength',
        `the arguments are more than ${limits.maxLength} characters long (as JSON); at most ${limits.maxLength} are accepted`,
      );
      return undefined;
    } else if (verdict.reason === 'circular') {
      addViolation(sink, '', 'circular', 'the arguments are circular (an object contains itself), so they are no JSON value');
      return undefined;
    } else {
      addViolation(sink, '', 'maxDepth', `the arguments are nested deeper than ${limits.maxDepth} levels`);
      return undefined;
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    addViolation(
      sink,
      '',
      'type',
      `expected a JSON object of named arguments, got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}`,
    );
    return undefined;
  }
  return value as Record<string, unknown>;
}

/** The deepest bracket nesting of a JSON text, ignoring brackets inside strings. */
function maxNesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 92) index++;
      else if (code === 34) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 123 || code === 91) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (code === 125 || code === 93) depth--;
  }
  return deepest;
}
