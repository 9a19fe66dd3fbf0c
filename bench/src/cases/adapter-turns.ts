import type { BenchCase, Timing } from '../measure';
import { timedRow, type ResultRow } from '../report';
import { anthropicTurnCase } from './adapters/anthropic-turn';
import { geminiTurnCase } from './adapters/gemini-turn';
import { openaiChatTurnCase } from './adapters/openai-chat-turn';
import { openaiResponsesTurnCase } from './adapters/openai-responses-turn';

/**
 * One agent turn (a tool call, then the answer: two requests) through each adapter and its official
 * SDK against a local server speaking that provider's wire format, side by side with the OpenAI Chat
 * adapter (oc), the baseline.
 * @returns the cases and how to stop their servers
 */
export async function adapterTurnCases(): Promise<{ cases: BenchCase[]; close(): Promise<void> }> {
  const made = [await openaiChatTurnCase(), await openaiResponsesTurnCase(), await geminiTurnCase(), await anthropicTurnCase()];
  return { cases: made.map((item) => item.case), close: async () => void (await Promise.all(made.map((item) => item.close()))) };
}

/** @returns one row per adapter, with its ratio to the OpenAI Chat adapter */
export function adapterTurnRows(timings: ReadonlyMap<string, Timing>): ResultRow[] {
  return [
    timedRow(timings, 'oc', 'agent turn through OpenAIChatModel (openai SDK, local server)'),
    timedRow(timings, 'or', 'agent turn through OpenAIResponsesModel (openai SDK, local server)', { baseline: 'oc' }),
    timedRow(timings, 'gemini', 'agent turn through GeminiChatModel (@google/genai, local server)', { baseline: 'oc' }),
    timedRow(timings, 'an', 'agent turn through AnthropicChatModel (@anthropic-ai/sdk, local server)', { baseline: 'oc' }),
  ];
}
