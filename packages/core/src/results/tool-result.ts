/* eslint-disable @typescript-eslint/no-namespace */
import type { ContentPart } from './content-part.js';
import { contentText } from './content-text.js';

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
   * A result of content parts (text, images, files), sent to the model as parts where its provider
   * takes them in a tool result; its text (`textForLLM()`) names each image by its media type.
   */
  export class Parts implements TextSerializable {
    /** The parts, frozen. */
    readonly parts: readonly ContentPart[];

    /** @param parts - the parts (reasoning parts are not a tool's to send) */
    constructor(parts: readonly ContentPart[]) {
      this.parts = Object.freeze(parts.slice());
    }

    /** @returns the parts' text, an image or a file named by its media type */
    textForLLM(): string {
      return contentText(this.parts);
    }

    /** @returns the parts' text */
    toString(): string {
      return this.textForLLM();
    }
  }

  /**
   * A result that is one image.
   * @param data - base64 data (no `data:` prefix) or a URL
   * @param mediaType - `'image/png'`, `'image/jpeg'`, ...
   * @returns the result
   * @example
   * return ToolResult.image(png.toString('base64'), 'image/png');
   */
  export function image(data: string | URL, mediaType: string): Parts {
    return new Parts([{ type: 'image', data, mediaType }]);
  }

  /**
   * A result of several parts.
   * @param parts - text, image and file parts
   * @returns the result
   * @example
   * return ToolResult.parts([{ type: 'text', text: 'The chart:' }, { type: 'image', data, mediaType: 'image/png' }]);
   */
  export function parts(parts: readonly ContentPart[]): Parts {
    return new Parts(parts);
  }

  /**
   * @param value - any result
   * @returns whether it is a {@link Parts} result, from any copy of the package
   */
  export function isParts(value: unknown): value is Parts {
    return value instanceof Parts || (isTextSerializable(value) && Array.isArray((value as { parts?: unknown }).parts));
  }

  /**
   * @param value - any result
   * @returns whether it implements {@link TextSerializable}
   */
  export function isTextSerializable(value: unknown): value is TextSerializable {
    return typeof value === 'object' && value !== null && typeof (value as Partial<TextSerializable>).textForLLM === 'function';
  }
}
