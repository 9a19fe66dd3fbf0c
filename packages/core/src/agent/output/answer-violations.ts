import type { ArgumentViolation } from '../../errors/tool-arguments-error.js';

/** The wording of tool arguments in the decoder's messages, and that of an answer. */
const rewordings: readonly (readonly [RegExp, string])[] = [
  [/^arguments: /, 'the answer: '],
  [/\bthe arguments are\b/g, 'it is'],
  [/\ba JSON object of named arguments\b/g, 'a JSON object'],
  [/\bnot allowed in arguments\b/g, 'not allowed in the answer'],
];

/**
 * The violations of a final answer worded for an answer: the decoder that checks it is the one of
 * tool arguments, whose messages speak of `arguments` (`arguments: the arguments are nested deeper
 * than 32 levels` becomes `the answer: it is nested deeper than 32 levels`). Paths and constraints
 * are kept.
 * @param violations - the decoder's violations
 * @returns the same violations, their messages reworded (a new list only when one changed)
 * @internal
 */
export function answerViolations(violations: readonly ArgumentViolation[]): ArgumentViolation[] {
  return violations.map((violation) => {
    let message = String(violation.message);
    for (const [pattern, replacement] of rewordings) message = message.replace(pattern, replacement);
    return message === violation.message ? violation : { ...violation, message };
  });
}
