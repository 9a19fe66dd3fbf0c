import type { Part } from '@google/genai';

/** Token counts of a reply, as the Gemini API names them. */
export interface ReplyUsage {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  totalTokenCount?: number;
  thoughtsTokenCount?: number;
  cachedContentTokenCount?: number;
}

/** Options of {@link candidateReply}. */
export interface ReplyOptions {
  finishReason?: string;
  finishMessage?: string;
  usage?: ReplyUsage;
}

const defaultUsage: ReplyUsage = { promptTokenCount: 12, candidatesTokenCount: 5, totalTokenCount: 17 };

/**
 * A `GenerateContentResponse` as the Gemini API sends it: one candidate with these parts (role
 * `model`), its finish reason (default `STOP`), usage, the model version and a response id.
 * @param parts - the candidate's parts
 * @param options - finish reason, finish message and usage
 * @returns the JSON body
 */
export function candidateReply(parts: Part[], options: ReplyOptions = {}): Record<string, unknown> {
  const candidate: Record<string, unknown> = { content: { parts, role: 'model' }, finishReason: options.finishReason ?? 'STOP', index: 0 };
  if (options.finishMessage !== undefined) candidate.finishMessage = options.finishMessage;
  return {
    candidates: [candidate],
    usageMetadata: { ...defaultUsage, ...options.usage },
    modelVersion: 'gemini-2.5-flash',
    responseId: 'resp-1',
  };
}

/** A reply with one text part. */
export function textReply(text: string, options: ReplyOptions = {}): Record<string, unknown> {
  return candidateReply([{ text }], options);
}

/**
 * The chunks of a streamed answer: one per text piece (no finish reason), then a last chunk with
 * the finish reason and the usage, as `streamGenerateContent?alt=sse` sends them.
 * @param pieces - the text pieces
 * @param last - parts of the last chunk (a function call, an empty signed part), if any
 * @param options - finish reason and usage of the last chunk
 * @returns the events' JSON bodies
 */
export function streamChunks(pieces: string[], last: Part[] = [], options: ReplyOptions = {}): Array<Record<string, unknown>> {
  const chunk = (parts: Part[]) => ({
    candidates: [{ content: { parts, role: 'model' }, index: 0 }],
    usageMetadata: { promptTokenCount: 12, totalTokenCount: 12 },
    modelVersion: 'gemini-2.5-flash',
    responseId: 'resp-stream',
  });
  return [...pieces.map((text) => chunk([{ text }])), candidateReply(last, { ...options, finishReason: options.finishReason ?? 'STOP' })];
}

/** A Google API error body (`google.rpc.Status`), with `details` (e.g. a `RetryInfo`). */
export function errorBody(code: number, status: string, message: string, details: unknown[] = []): Record<string, unknown> {
  return { error: { code, message, status, ...(details.length > 0 ? { details } : {}) } };
}
