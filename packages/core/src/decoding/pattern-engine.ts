import type { Options } from 'ajv';
import { RE2JS } from 're2js';
import { BoundedCache } from './bounded-cache.js';
import { linearPattern } from './linear-pattern.js';

/** A compiled pattern: what ajv and the argument cleaner call. */
export interface PatternMatcher {
  /** Whether the pattern matches somewhere in the text. */
  test(text: string): boolean;
}

type RegExpEngine = NonNullable<NonNullable<Options['code']>['regExp']>;

/** A compiled pattern, or why it could not be matched in linear time. */
type Compiled = { matcher: PatternMatcher } | { refused: Error };

const linear = new BoundedCache<string, Compiled>(2_000);

/** A pattern matched by RE2JS (linear time); `toString` names it, since ajv keys its compiled patterns by it. */
class LinearMatcher implements PatternMatcher {
  readonly #compiled: ReturnType<typeof RE2JS.compile>;

  constructor(
    readonly source: string,
    rewritten: string,
  ) {
    this.#compiled = RE2JS.compile(rewritten);
  }

  test(text: string): boolean {
    return this.#compiled.test(text);
  }

  toString(): string {
    return `/${this.source}/linear`;
  }
}

function compileLinear(pattern: string): Compiled {
  let compiled = linear.get(pattern);
  if (compiled === undefined) {
    try {
      compiled = { matcher: new LinearMatcher(pattern, linearPattern(pattern)) };
    } catch (error) {
      const reason = error instanceof Error && error.message.startsWith('the pattern ') ? error.message : describe(pattern, error);
      compiled = { refused: new Error(reason, { cause: error }) };
    }
    linear.set(pattern, compiled);
  }
  return compiled;
}

function describe(pattern: string, error: unknown): string {
  return `the pattern ${JSON.stringify(pattern)} cannot be matched in linear time: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * Compiles a JSON Schema pattern (`pattern`, a `patternProperties` key) for matching in time linear
 * in the text: an RE2 (RE2JS) program of the same meaning.
 * @param pattern - the pattern, an ECMAScript regular expression read with the `u` flag
 * @returns its matcher
 * @throws Error saying why the pattern cannot be matched in linear time (lookaround, backreferences,
 *   a repetition past RE2's limit of 1,000) or is not a valid Unicode regular expression
 */
export function linearMatcher(pattern: string): PatternMatcher {
  const compiled = compileLinear(pattern);
  if ('refused' in compiled) throw compiled.refused;
  return compiled.matcher;
}

/**
 * Compiles a pattern of a schema the application wrote itself: in linear time when RE2 can match
 * it, else (lookaround, backreferences) with JavaScript's own `RegExp`, as written.
 * @param pattern - the pattern
 * @returns its matcher
 * @throws SyntaxError when it is not a valid Unicode regular expression
 */
export function ownMatcher(pattern: string): PatternMatcher {
  const compiled = compileLinear(pattern);
  return 'matcher' in compiled ? compiled.matcher : new RegExp(pattern, 'u');
}

/** ajv's `code.regExp` for the application's own schemas ({@link ownMatcher}). */
export const ownPatternEngine: RegExpEngine = Object.assign((pattern: string) => ownMatcher(pattern), { code: 'ownMatcher' });

/** ajv's `code.regExp` for imported schemas ({@link linearMatcher}): a pattern RE2 cannot match is refused. */
export const linearPatternEngine: RegExpEngine = Object.assign((pattern: string) => linearMatcher(pattern), { code: 'linearMatcher' });
