import { instanceToPlain } from 'class-transformer';
import { ToolResult } from './tool-result.js';

/**
 * The default text of a result: strings as they are, `textForLLM()` for
 * {@link ToolResult.TextSerializable}, other values through class-transformer's
 * `instanceToPlain` and JSON.
 * @param result - the tool's result
 * @returns the text for the model
 */
export function defaultFormat(result: unknown): string {
  switch (typeof result) {
    case 'string':
      return result;
    case 'number':
    case 'boolean':
      return JSON.stringify(result);
    case 'undefined':
      return '(no output)';
    case 'bigint':
      return result.toString();
    default:
      if (result === null) return 'null';
      if (ToolResult.isTextSerializable(result)) return result.textForLLM();
      return JSON.stringify(instanceToPlain(result)) ?? '(no output)';
  }
}
