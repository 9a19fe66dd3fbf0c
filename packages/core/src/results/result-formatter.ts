/** What a formatter knows of the call whose result it formats. */
export interface ResultFormatContext {
  /** The tool's name. */
  toolName: string;
}

import type { ContentPart } from './content-part.js';

/**
 * Turns a tool's result into what the model sees: text, or content parts (text, images, files) for a
 * provider that takes them in a tool result.
 */
export type ResultFormatter<TResult> = (result: TResult, context: ResultFormatContext) => string | ContentPart[];
