import { type ContentPart, ToolExecutionError } from '@toolcraft/core';
import type { Tool } from 'ai';

/** What a tool's `toModelOutput` returns (the AI SDK's `ToolResultOutput`). */
type ModelOutput = Awaited<ReturnType<NonNullable<Tool['toModelOutput']>>>;

/**
 * What the model is sent for an AI SDK tool's model output, as the AI SDK sends it: `text` as it
 * is, `json` as JSON text, `content` as parts (text, images and files as data or URLs; parts toolcraft
 * has no kind for named in text). An `error-text`, `error-json` or `execution-denied` output fails the
 * call with a `ToolExecutionError` of that text.
 * @param toolName - the tool, for errors
 * @param output - the model output
 * @returns the text or parts
 * @throws ToolExecutionError for an error output, or one that is not a model output
 */
export function toToolContent(toolName: string, output: ModelOutput): string | ContentPart[] {
  switch (output?.type) {
    case 'text':
      return String(output.value);
    case 'json':
      return jsonText(toolName, output.value);
    case 'error-text':
      throw new ToolExecutionError(toolName, String(output.value));
    case 'error-json':
      throw new ToolExecutionError(toolName, jsonText(toolName, output.value));
    case 'execution-denied':
      throw new ToolExecutionError(
        toolName,
        `The call of tool '${toolName}' was denied${output.reason === undefined ? '' : `: ${output.reason}`}.`,
      );
    case 'content':
      return output.value.map((part): ContentPart => {
        switch (part.type) {
          case 'text':
            return { type: 'text', text: part.text };
          case 'image-data':
            return { type: 'image', data: part.data, mediaType: part.mediaType };
          case 'media':
            return part.mediaType.startsWith('image/')
              ? { type: 'image', data: part.data, mediaType: part.mediaType }
              : { type: 'file', data: part.data, mediaType: part.mediaType };
          case 'image-url':
            return { type: 'image', data: new URL(part.url), mediaType: 'image/*' };
          case 'file-data':
            return {
              type: 'file',
              data: part.data,
              mediaType: part.mediaType,
              ...(part.filename === undefined ? {} : { filename: part.filename }),
            };
          case 'file-url':
            return { type: 'file', data: new URL(part.url), mediaType: part.mediaType ?? 'application/octet-stream' };
          default:
            return { type: 'text', text: `[${part.type} part]` };
        }
      });
    default:
      throw new ToolExecutionError(
        toolName,
        `The toModelOutput of tool '${toolName}' returned ${JSON.stringify((output as { type?: unknown } | undefined)?.type ?? null)} as the output's type; expected 'text', 'json', 'content', 'error-text', 'error-json' or 'execution-denied'.`,
      );
  }
}

/**
 * The default model output of a tool's output, as the AI SDK makes it: a string as text, anything
 * else as JSON (`undefined` as `null`).
 * @param output - what the tool returned
 * @returns the model output
 */
export function defaultModelOutput(output: unknown): ModelOutput {
  return typeof output === 'string' ? { type: 'text', value: output } : ({ type: 'json', value: output ?? null } as ModelOutput);
}

function jsonText(toolName: string, value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw new ToolExecutionError(toolName, `Tool '${toolName}' returned a value that is not JSON (${(error as Error).message}).`, error);
  }
  return text ?? 'null';
}
