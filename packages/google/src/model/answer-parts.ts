import type { Part } from '@google/genai';
import type { ContentPart, JsonValue, ModelToolCall } from '@toolcraft/core';
import { generateCallId } from './call-ids.js';
import { partMetadata } from './google-metadata.js';

/** One text or thought run of the answer: the text of consecutive parts, and the signature that closed it. */
interface TextRun {
  kind: 'text' | 'reasoning';
  text: string;
  signature?: string;
}

type AnswerPart = TextRun | { kind: 'media'; part: ContentPart };

/**
 * Assembles the parts of a Gemini answer (all at once, or chunk by chunk as a stream gives them)
 * into the transcript's content parts and tool calls: consecutive text parts join (a stream splits
 * the text), as do consecutive thought parts (`thought: true`, reasoning parts); a part carrying a
 * `thoughtSignature` keeps it and ends its run, so every signature goes back on the part it came on
 * (a stream may send it on a last, empty part). Function calls become tool calls, with their id, or a
 * generated one when Gemini gave none.
 */
export class AnswerParts {
  private readonly parts: AnswerPart[] = [];
  private readonly calls: ModelToolCall[] = [];
  private open: TextRun | undefined;

  /**
   * Adds one part.
   * @param part - a part of the candidate's content
   * @returns the answer text it adds (not thoughts), if any
   */
  add(part: Part): string | undefined {
    if (typeof part !== 'object' || part === null) return undefined;
    if (part.functionCall !== undefined && part.functionCall !== null) {
      this.open = undefined;
      this.calls.push(toToolCall(part));
      return undefined;
    }
    const data = part.inlineData?.data;
    if (typeof part.text === 'string' || (typeof part.thoughtSignature === 'string' && data === undefined)) {
      // A part with a signature and nothing else (streams send one) ends the text before it.
      return this.addText(part.text ?? '', part.thought === true ? 'reasoning' : 'text', part.thoughtSignature);
    }
    if (typeof data === 'string' && data !== '') {
      this.open = undefined;
      const mediaType = part.inlineData?.mimeType ?? 'application/octet-stream';
      const media: ContentPart = mediaType.startsWith('image/') ? { type: 'image', data, mediaType } : { type: 'file', data, mediaType };
      this.parts.push({ kind: 'media', part: media });
    }
    return undefined;
  }

  /** The tool calls, in order. */
  get toolCalls(): ModelToolCall[] {
    return this.calls;
  }

  /** Whether the answer has text, media or calls (thoughts alone are no answer). */
  get hasAnswer(): boolean {
    return this.calls.length > 0 || this.parts.some((part) => part.kind === 'media' || (part.kind === 'text' && part.text !== ''));
  }

  /**
   * The content of the assistant message: a string for a single text without a signature, parts
   * otherwise, and the text parts' signatures (`textSignatures`, one per text part, `null` for none).
   * @returns the content and, when a text part was signed, the message's provider metadata entry
   */
  content(): { content: string | ContentPart[] | null; textSignatures?: Array<string | null> } {
    if (this.parts.length === 0) return { content: null };
    const [only] = this.parts;
    if (this.parts.length === 1 && only.kind === 'text' && only.signature === undefined) return { content: only.text };
    const signatures: Array<string | null> = [];
    const content = this.parts.map((part): ContentPart => {
      if (part.kind === 'media') return part.part;
      if (part.kind === 'text') {
        signatures.push(part.signature ?? null);
        return { type: 'text', text: part.text };
      }
      const providerMetadata = partMetadata({ thoughtSignature: part.signature });
      return providerMetadata === undefined
        ? { type: 'reasoning', text: part.text }
        : { type: 'reasoning', text: part.text, providerMetadata };
    });
    return signatures.some((signature) => signature !== null) ? { content, textSignatures: signatures } : { content };
  }

  private addText(text: string, kind: TextRun['kind'], signature: string | undefined): string | undefined {
    let run = this.open;
    if (run === undefined || run.kind !== kind) {
      if (text === '' && signature === undefined) return undefined;
      run = { kind, text: '' };
      this.parts.push(run);
      this.open = run;
    }
    run.text += text;
    if (signature !== undefined && signature !== '') {
      run.signature = signature;
      this.open = undefined;
    }
    return kind === 'text' && text !== '' ? text : undefined;
  }
}

function toToolCall(part: Part): ModelToolCall {
  const { id, name, args } = part.functionCall ?? {};
  const given = typeof id === 'string' && id !== '' ? id : undefined;
  const call: ModelToolCall = {
    id: given ?? generateCallId(),
    name: typeof name === 'string' ? name : '',
    arguments: JSON.stringify(args ?? {}),
  };
  const signature = typeof part.thoughtSignature === 'string' && part.thoughtSignature !== '' ? part.thoughtSignature : undefined;
  const providerMetadata = partMetadata({ callId: given, thoughtSignature: signature } satisfies Record<string, JsonValue | undefined>);
  if (providerMetadata !== undefined) call.providerMetadata = providerMetadata;
  return call;
}
