import { instanceToPlain } from 'class-transformer';
import { errorParts } from '../errors/describe-thrown-value.js';
import { ToolResult } from './tool-result.js';

/**
 * The default text of a result: strings as they are, `textForLLM()` for
 * {@link ToolResult.TextSerializable}, an `Error` (returned, not thrown) as its name and message
 * (`RangeError: bad digit`), other values through class-transformer's `instanceToPlain` and JSON.
 * @param result - the tool's result
 * @returns the text for the model
 */
export function defaultFormat(result: unknown): string {
  switch (typeof result) {
    case 'string':
      return result;
    case 'number':
      // What JSON.stringify gives, without its generic path: NaN and the infinities are `null`.
      return Number.isFinite(result) ? String(result) : 'null';
    case 'boolean':
      return result ? 'true' : 'false';
    case 'undefined':
      return '(no output)';
    case 'bigint':
      return result.toString();
    default:
      if (result === null) return 'null';
      if (ToolResult.isTextSerializable(result)) return result.textForLLM();
      if (isError(result)) {
        const parts = errorParts(result);
        if (parts !== undefined) return parts.message === '' ? parts.name : `${parts.name}: ${parts.message}`;
      }
      return JSON.stringify(instanceToPlain(result)) ?? '(no output)';
  }
}

/** An `Error` of this realm or another (a `vm` context, a worker): its tag says so. */
function isError(value: unknown): boolean {
  return value instanceof Error || Object.prototype.toString.call(value) === '[object Error]';
}
