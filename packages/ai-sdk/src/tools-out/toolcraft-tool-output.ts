import { partData, type ReceivedToolResult } from '@toolcraft/core';
import { ownMediaType } from '../model/media-data.js';
import type { Tool } from 'ai';

/** What a tool's `toModelOutput` returns (the AI SDK's `ToolResultOutput`). */
export type ToolResultOutput = Awaited<ReturnType<NonNullable<Tool['toModelOutput']>>>;

/** One part of a {@link ToolcraftToolOutput} with more than text, in JSON (a URL as its text). */
export type ToolcraftOutputPart =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mediaType: string; url?: never }
  | { type: 'image'; url: string; mediaType: string; data?: never }
  | { type: 'file'; data: string; mediaType: string; filename?: string; url?: never }
  | { type: 'file'; url: string; mediaType: string; filename?: string; data?: never };

/**
 * What a toolcraft tool's `execute` gives the AI SDK (`toolResults[i].output`, the UI message's
 * tool part): the text toolcraft sends the model (the tool's formatting, `maxResultChars`), and its
 * parts when the result has images or files. `isError` is set for a failed call when `toAISDKTools`
 * is asked for `errors: 'result'`. Plain JSON, so it survives UI messages and `convertToModelMessages`.
 */
export interface ToolcraftToolOutput {
  /** The text the model is sent. */
  text: string;
  /** The result's parts, when it has more than text. */
  parts?: ToolcraftOutputPart[];
  /** True for a failed call (with `errors: 'result'` only). */
  isError?: true;
}

/**
 * The output of a result.
 * @param result - the environment's result
 * @returns the output
 */
export function toToolOutput(result: ReceivedToolResult): ToolcraftToolOutput {
  const output: ToolcraftToolOutput = { text: result.content };
  if (result.isError) output.isError = true;
  else if (result.parts !== undefined) output.parts = result.parts.flatMap(toOutputPart);
  return output;
}

/**
 * What the model is sent for an output (the tool's `toModelOutput`): a failed call as `error-text`,
 * parts as `content` (images and files as data or URLs), else the text.
 * @param output - the output (from the UI messages of an earlier request too)
 * @returns the model output
 */
export function toModelOutput(output: ToolcraftToolOutput | string | undefined): ToolResultOutput {
  if (typeof output === 'string') return { type: 'text', value: output };
  const text = typeof output?.text === 'string' ? output.text : JSON.stringify(output ?? null);
  if (output?.isError === true) return { type: 'error-text', value: text };
  if (!Array.isArray(output?.parts)) return { type: 'text', value: text };
  return {
    type: 'content',
    value: output.parts.map((part) => {
      switch (part.type) {
        case 'text':
          return { type: 'text', text: part.text };
        case 'image':
          return part.url !== undefined
            ? { type: 'image-url', url: part.url }
            : { type: 'image-data', data: part.data, mediaType: part.mediaType };
        default:
          return part.url !== undefined
            ? { type: 'file-url', url: part.url, mediaType: part.mediaType }
            : {
                type: 'file-data',
                data: part.data,
                mediaType: part.mediaType,
                ...(part.filename === undefined ? {} : { filename: part.filename }),
              };
      }
    }),
  };
}

function toOutputPart(part: NonNullable<ReceivedToolResult['parts']>[number]): ToolcraftOutputPart[] {
  switch (part.type) {
    case 'text':
      return [{ type: 'text', text: part.text }];
    case 'image': {
      // Read as core's partData reads it: a data: URL's payload is base64, a string with a scheme a URL.
      const where = partData(part.data);
      return [
        where.kind === 'base64'
          ? { type: 'image', data: where.base64, mediaType: ownMediaType(part.data, part.mediaType) }
          : { type: 'image', url: where.url, mediaType: part.mediaType },
      ];
    }
    case 'file': {
      const filename = part.filename === undefined ? {} : { filename: part.filename };
      const where = partData(part.data);
      return [
        where.kind === 'base64'
          ? { type: 'file', data: where.base64, mediaType: ownMediaType(part.data, part.mediaType), ...filename }
          : { type: 'file', url: where.url, mediaType: part.mediaType, ...filename },
      ];
    }
    default:
      return [];
  }
}
