import type { GenerateContentResponse, GenerateContentResponsePromptFeedback, GenerateContentResponseUsageMetadata } from '@google/genai';
import { ModelCallError, type ChatResponse } from '@toolcraft/core';
import { googleProvider } from '../schema/schema-context.js';
import { AnswerParts } from './answer-parts.js';
import { failedCallReasons, finalReasons, toFinishReason } from './gemini-finish-reason.js';
import { fromUsageMetadata } from './gemini-usage.js';
import { metadataKey } from './google-metadata.js';

/**
 * One Gemini answer, read from the one response of `generateContent` or from the chunks of
 * `generateContentStream` (each chunk adds parts; the last gives the finish reason and the usage),
 * so both paths read answers the same way. Only the first candidate is read.
 */
export class GeminiAnswer {
  private readonly parts = new AnswerParts();
  private candidates = 0;
  private finishReason: string | undefined;
  private finishMessage: string | undefined;
  private blocked: GenerateContentResponsePromptFeedback | undefined;
  private usage: GenerateContentResponseUsageMetadata | undefined;
  private id: string | undefined;
  private modelVersion: string | undefined;

  /** @param model - the model asked, for error messages */
  constructor(private readonly model: string) {}

  /**
   * Adds one response (or stream chunk).
   * @param response - what the SDK gave
   * @returns the answer text it adds, piece by piece (not thoughts)
   */
  add(response: GenerateContentResponse): string[] {
    if (typeof response !== 'object' || response === null) return [];
    if (response.promptFeedback?.blockReason !== undefined) this.blocked = response.promptFeedback;
    if (response.usageMetadata !== undefined) this.usage = response.usageMetadata;
    if (typeof response.responseId === 'string' && response.responseId !== '') this.id = response.responseId;
    if (typeof response.modelVersion === 'string' && response.modelVersion !== '') this.modelVersion = response.modelVersion;
    const candidate = Array.isArray(response.candidates) ? response.candidates[0] : undefined;
    if (typeof candidate !== 'object' || candidate === null) return [];
    this.candidates += 1;
    if (typeof candidate.finishReason === 'string') this.finishReason = candidate.finishReason;
    if (typeof candidate.finishMessage === 'string') this.finishMessage = candidate.finishMessage;
    const parts = Array.isArray(candidate.content?.parts) ? candidate.content.parts : [];
    return parts.flatMap((part) => {
      const text = this.parts.add(part);
      return text === undefined ? [] : [text];
    });
  }

  /** Whether a chunk gave the finish reason (or blocked the prompt): without it, a stream was cut. */
  get finished(): boolean {
    return this.finishReason !== undefined || this.blocked !== undefined;
  }

  /**
   * The answer as the transcript holds it.
   * @returns the assistant message, usage, finish reason, response id and model version
   * @throws ModelCallError for a blocked prompt (not retryable), no candidate, a function call
   *   Gemini could not make (`MALFORMED_FUNCTION_CALL`, `UNEXPECTED_TOOL_CALL`) or an empty answer
   *   (retryable, except after a final reason such as `LANGUAGE`)
   */
  response(): ChatResponse {
    const prefix = `Gemini (model '${this.model}')`;
    if (this.blocked !== undefined) {
      const { blockReason, blockReasonMessage, safetyRatings } = this.blocked;
      const ratings = (safetyRatings ?? [])
        .filter((rating) => rating.blocked === true || (rating.probability !== undefined && String(rating.probability) !== 'NEGLIGIBLE'))
        .map((rating) => `${rating.category ?? 'unknown'}: ${rating.probability ?? 'blocked'}`);
      throw new ModelCallError(
        `${prefix} blocked the prompt (promptFeedback.blockReason ${String(blockReason)}${blockReasonMessage ? `: ${blockReasonMessage}` : ''})` +
          `${ratings.length > 0 ? `; safety ratings: ${ratings.join(', ')}` : ''}; change the prompt or the safetySettings`,
        { retryable: false, provider: googleProvider },
      );
    }
    if (this.candidates === 0) {
      throw new ModelCallError(`${prefix} answered with no candidates and no promptFeedback saying why`, {
        retryable: true,
        provider: googleProvider,
      });
    }
    const reason = this.finishReason ?? 'STOP';
    const detail = this.finishMessage ? `: ${this.finishMessage}` : '';
    if (failedCallReasons.has(reason)) {
      throw new ModelCallError(`${prefix} could not make the function call it tried (finishReason ${reason}${detail})`, {
        retryable: true,
        provider: googleProvider,
      });
    }
    const calls = this.parts.toolCalls;
    const finishReason = toFinishReason(reason, calls.length > 0);
    if (!this.parts.hasAnswer && finishReason !== 'length' && finishReason !== 'content_filter') {
      throw new ModelCallError(
        `${prefix} answered with an empty candidate: no text and no function call (finishReason ${reason}${detail})`,
        {
          retryable: !finalReasons.has(reason),
          provider: googleProvider,
        },
      );
    }
    const { content, textSignatures } = this.parts.content();
    const message: ChatResponse['message'] = { role: 'assistant', content };
    if (calls.length > 0) message.toolCalls = calls;
    if (textSignatures !== undefined) message.providerMetadata = { [metadataKey]: { textSignatures } };
    const response: ChatResponse = { message, finishReason };
    if (this.usage !== undefined) response.usage = fromUsageMetadata(this.usage);
    if (this.id !== undefined) response.id = this.id;
    if (this.modelVersion !== undefined) response.modelId = this.modelVersion;
    return response;
  }
}
