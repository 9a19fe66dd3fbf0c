/** A parameter as read from a function's compiled source. */
export interface SourceParameter {
  /** The parameter's name. */
  name: string;
  /** Whether the source gives it a default value (`b = 3`), which makes it optional. */
  hasDefault: boolean;
  /** A destructuring pattern or rest parameter, which has no usable name. */
  unnamed: boolean;
}

/**
 * Reads the parameter names of a function from its compiled source (`fn.toString()`).
 * @param fn - a function or method
 * @returns its parameters in order
 */
export function readParameterNames(fn: (...args: never[]) => unknown): SourceParameter[] {
  const source = stripComments(Function.prototype.toString.call(fn));
  const start = source.indexOf('(');
  const arrowWithoutParentheses = /^\s*(?:async\s+)?([A-Za-z_$][\w$]*)\s*=>/.exec(source);
  if (arrowWithoutParentheses && (start === -1 || arrowWithoutParentheses.index < start)) {
    return [{ name: arrowWithoutParentheses[1], hasDefault: false, unnamed: false }];
  }
  if (start === -1) return [];
  return splitTopLevel(source, start + 1)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const equals = topLevelEquals(part);
      const head = (equals === -1 ? part : part.slice(0, equals)).trim();
      const unnamed = head.startsWith('{') || head.startsWith('[') || head.startsWith('...');
      return { name: unnamed ? head : head, hasDefault: equals !== -1, unnamed };
    });
}

function stripComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');
}

/** Splits the parameter list that starts at `from` on its top-level commas. */
function splitTopLevel(source: string, from: number): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let current = '';
  for (let index = from; index < source.length; index++) {
    const char = source[index];
    if (quote !== '') {
      current += char;
      if (char === '\\') current += source[++index] ?? '';
      else if (char === quote) quote = '';
      continue;
    }
    if (char === '"' || char === "'" || char === '`') quote = char;
    else if (char === '(' || char === '[' || char === '{') depth++;
    else if (char === ')' || char === ']' || char === '}') {
      if (depth === 0) {
        parts.push(current);
        return parts;
      }
      depth--;
    } else if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  parts.push(current);
  return parts;
}

function topLevelEquals(part: string): number {
  let depth = 0;
  for (let index = 0; index < part.length; index++) {
    const char = part[index];
    if (char === '(' || char === '[' || char === '{') depth++;
    else if (char === ')' || char === ']' || char === '}') depth--;
    else if (char === '=' && depth === 0 && part[index + 1] !== '>') return index;
  }
  return -1;
}
