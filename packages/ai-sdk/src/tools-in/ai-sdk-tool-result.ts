import { type ContentPart, contentText, type ToolResult } from '@toolcraft/core';

/**
 * The result of an imported AI SDK tool's call (`ReceivedToolResult.value`): the tool's own `output`
 * for the host, and what the model is sent (its `toModelOutput`, or the output as text or JSON, as
 * the AI SDK sends it), as text or, for images and files, as parts.
 */
export class AISDKToolResult implements ToolResult.TextSerializable {
  /** What the tool's `execute` returned (the last value, for an async iterable). */
  readonly output: unknown;
  /** The content parts the model is sent, when the output has more than text. */
  readonly parts?: readonly ContentPart[];
  private readonly text: string;

  /**
   * @param output - what the tool's `execute` returned (the last value, for an async iterable)
   * @param content - what the model is sent: text, or parts
   */
  constructor(output: unknown, content: string | readonly ContentPart[]) {
    this.output = output;
    if (typeof content === 'string') this.text = content;
    else {
      this.parts = Object.freeze(content.slice());
      this.text = contentText(this.parts);
    }
  }

  /**
   * The text the model is sent.
   * @returns the text (for parts, their text, images and files named by media type)
   */
  textForLLM(): string {
    return this.text;
  }
}
