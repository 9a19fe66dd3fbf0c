import type { Content, Part } from '@google/genai';
import { ModelCallError, type ChatMessage, type ModelToolCall, type ToolMessage } from '@toolcraft/core';
import { googleProvider } from '../schema/schema-context.js';
import { functionResponsePart, toModelParts, toUserPart } from './to-gemini-parts.js';

/** A transcript as Gemini takes it. */
export interface GeminiContents {
  systemInstruction?: Content;
  contents: Content[];
}

/** Models that take only text in a function response (multimodal function responses came with Gemini 3). */
const textOnlyToolResults = /^(models\/)?(gemini-(1|2)[.-]|gemini-pro|gemini-ultra)/;

/**
 * Maps the provider-neutral transcript to Gemini contents: system messages to the
 * `systemInstruction`; user messages to `user` turns; assistant messages to `model` turns (see
 * `toModelParts`); each run of tool messages to one `user` turn of `functionResponse` parts, in the
 * order of the calls they answer. Turns of the same role next to each other are joined.
 * @param messages - the transcript
 * @param model - the model name (whether it takes images in function responses; errors)
 * @returns the system instruction and contents
 * @throws ModelCallError for a transcript with nothing to send, or parts the model cannot take
 */
export function toGeminiContents(messages: readonly ChatMessage[], model: string): GeminiContents {
  const system: Part[] = [];
  const contents: Content[] = [];
  const media = !textOnlyToolResults.test(model);
  let calls: readonly ModelToolCall[] = [];
  let answers: ToolMessage[] = [];
  const push = (role: 'user' | 'model', parts: Part[]): void => {
    if (parts.length === 0) return;
    const last = contents.at(-1);
    if (last?.role === role) last.parts?.push(...parts);
    else contents.push({ role, parts });
  };
  const flushAnswers = (): void => {
    if (answers.length === 0) return;
    const position = (message: ToolMessage): number => {
      const index = calls.findIndex((call) => call.id === message.toolCallId);
      return index === -1 ? calls.length : index;
    };
    const ordered = answers
      .map((message, index) => ({ message, index }))
      .sort((a, b) => position(a.message) - position(b.message) || a.index - b.index);
    push(
      'user',
      ordered.map(({ message }) =>
        functionResponsePart(
          message,
          calls.find((call) => call.id === message.toolCallId),
          media,
          model,
        ),
      ),
    );
    answers = [];
  };
  for (const message of messages) {
    if (message.role === 'tool') {
      answers.push(message);
      continue;
    }
    flushAnswers();
    switch (message.role) {
      case 'system':
        system.push({ text: message.content });
        break;
      case 'user':
        push('user', typeof message.content === 'string' ? [{ text: message.content }] : message.content.map(toUserPart));
        break;
      case 'assistant':
        calls = message.toolCalls ?? [];
        push('model', toModelParts(message));
        break;
    }
  }
  flushAnswers();
  if (contents.length === 0) {
    throw new ModelCallError('The transcript has no user or model message to send; Gemini needs at least one.', {
      retryable: false,
      provider: googleProvider,
    });
  }
  return system.length > 0 ? { systemInstruction: { parts: system }, contents } : { contents };
}
