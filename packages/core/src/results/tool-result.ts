/* eslint-disable @typescript-eslint/no-namespace */

/** Result types with a special meaning for formatting (Koog's `ToolResult`). */
export namespace ToolResult {
  /** A result that knows the text the model should see. */
  export interface TextSerializable {
    /** @returns the text sent to the model */
    textForLLM(): string;
  }

  /** A plain text result (what a `SimpleTool` returns). */
  export class Text implements TextSerializable {
    /** @param text - the text the model sees */
    constructor(readonly text: string) {}

    /** @returns the text */
    textForLLM(): string {
      return this.text;
    }

    /** @returns the text */
    toString(): string {
      return this.text;
    }
  }

  /**
   * @param value - any result
   * @returns whether it implements {@link TextSerializable}
   */
  export function isTextSerializable(value: unknown): value is TextSerializable {
    return typeof value === 'object' && value !== null && typeof (value as Partial<TextSerializable>).textForLLM === 'function';
  }
}
