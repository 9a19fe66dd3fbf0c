import type {
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';

/** Usage as an AI SDK provider reports it. */
export function usage(input: number, output: number, extra: { cacheRead?: number; reasoning?: number } = {}): LanguageModelV3Usage {
  return {
    inputTokens: { total: input, noCache: input - (extra.cacheRead ?? 0), cacheRead: extra.cacheRead, cacheWrite: undefined },
    outputTokens: { total: output, text: output - (extra.reasoning ?? 0), reasoning: extra.reasoning },
  };
}

/** A unified finish reason with its raw one. */
export function finish(unified: LanguageModelV3FinishReason['unified'], raw: string = unified): LanguageModelV3FinishReason {
  return { unified, raw };
}

/** A `doGenerate` result of these content parts. */
export function generated(
  content: LanguageModelV3Content[],
  reason: LanguageModelV3FinishReason = finish('stop'),
  tokens: LanguageModelV3Usage = usage(10, 5),
): LanguageModelV3GenerateResult {
  return { content, finishReason: reason, usage: tokens, warnings: [], response: { id: 'resp-1', modelId: 'mock-model-2026' } };
}

/** A tool call of the model (its input as JSON text, as providers give it). */
export function toolCall(toolCallId: string, toolName: string, input: unknown): LanguageModelV3Content {
  return { type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) };
}

/** A `doStream` result that sends these parts, through the AI SDK's `simulateReadableStream`. */
export function streamed(chunks: LanguageModelV3StreamPart[]): LanguageModelV3StreamResult {
  return { stream: simulateReadableStream({ chunks, initialDelayInMs: null, chunkDelayInMs: null }) };
}

/** The stream parts of a text answer, in pieces, then `finish`. */
export function textStream(pieces: string[], reason: LanguageModelV3FinishReason = finish('stop')): LanguageModelV3StreamPart[] {
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'response-metadata', id: 'resp-s', modelId: 'mock-model-2026' },
    { type: 'text-start', id: 't1' },
    ...pieces.map((delta): LanguageModelV3StreamPart => ({ type: 'text-delta', id: 't1', delta })),
    { type: 'text-end', id: 't1' },
    { type: 'finish', finishReason: reason, usage: usage(12, 6) },
  ];
}

/** A mock model answering `doGenerate` with these results in turn, recording each call's options. */
export function generatingModel(...results: LanguageModelV3GenerateResult[]): MockLanguageModelV3 {
  let index = 0;
  return new MockLanguageModelV3({
    provider: 'mock.chat',
    modelId: 'mock-model',
    doGenerate: () => {
      const result = results[Math.min(index++, results.length - 1)];
      return Promise.resolve(result);
    },
  });
}

/** A mock model answering `doStream` with these part lists in turn. */
export function streamingModel(...answers: LanguageModelV3StreamPart[][]): MockLanguageModelV3 {
  let index = 0;
  return new MockLanguageModelV3({
    provider: 'mock.chat',
    modelId: 'mock-model',
    doStream: () => Promise.resolve(streamed(answers[Math.min(index++, answers.length - 1)])),
  });
}

/** The prompt of a recorded call, without provider options that are undefined. */
export function promptOf(call: LanguageModelV3CallOptions): unknown {
  return JSON.parse(JSON.stringify(call.prompt));
}
