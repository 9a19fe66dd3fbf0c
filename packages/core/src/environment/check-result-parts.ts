import { describeValue } from '../errors/describe-value.js';
import { ToolExecutionError } from '../errors/tool-execution-error.js';
import type { ContentPart } from '../results/content-part.js';

/**
 * Checks the parts a tool's result is made of: text, image and file parts only, each well formed.
 * @param toolName - the tool
 * @param parts - what the formatter or the result gave
 * @returns the parts
 * @throws ToolExecutionError naming the first part that is not a text, image or file part
 */
export function checkResultParts(toolName: string, parts: readonly unknown[]): readonly ContentPart[] {
  for (let index = 0; index < parts.length; index++) {
    const problem = partProblem(parts[index]);
    if (problem !== undefined)
      throw new ToolExecutionError(
        toolName,
        `The result of tool '${toolName}' could not be formatted: part ${index} ${problem}; ` +
          `expected { type: 'text', text }, { type: 'image', data, mediaType } or { type: 'file', data, mediaType, filename? }.`,
      );
  }
  return parts as readonly ContentPart[];
}

function partProblem(part: unknown): string | undefined {
  if (typeof part !== 'object' || part === null) return `is ${describeValue(part)}`;
  const { type, text, data, mediaType } = part as Record<string, unknown>;
  switch (type) {
    case 'text':
      return typeof text === 'string' ? undefined : `(text) has text ${describeValue(text)}, not a string`;
    case 'image':
    case 'file':
      if (typeof data !== 'string' && !(data instanceof URL)) return `(${type}) has data ${describeValue(data)}, not base64 text or a URL`;
      return typeof mediaType === 'string' && mediaType !== '' ? undefined : `(${type}) has no mediaType`;
    case 'reasoning':
      return 'is a reasoning part, which only a model writes';
    default:
      return `has type ${describeValue(type)}`;
  }
}
