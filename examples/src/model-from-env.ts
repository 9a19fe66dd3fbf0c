import { AnthropicChatModel } from '@toolcraft/anthropic';
import type { ChatModel } from '@toolcraft/core';
import { GeminiChatModel } from '@toolcraft/google';
import { OpenAIChatModel } from '@toolcraft/openai';
import { ScriptedModel, type ScriptedTurn } from '@toolcraft/testing';

/** The model an example runs on, and how to say so. */
export interface ExampleModel {
  model: ChatModel;
  /** Whether the model is the offline script. */
  offline: boolean;
  /** A line for the reader: which model, and why. */
  banner: string;
}

/**
 * Picks the model from the environment: Gemini when `GEMINI_API_KEY` is set (`GEMINI_MODEL` names
 * the model, default `gemini-2.5-flash`), else Anthropic when `ANTHROPIC_API_KEY` is set
 * (`ANTHROPIC_MODEL`, default `claude-sonnet-4-6`), else OpenAI when `OPENAI_API_KEY` is set
 * (`OPENAI_BASE_URL` points it at any OpenAI-compatible server, `OPENAI_MODEL` names the model), else
 * a {@link ScriptedModel} playing the given script offline.
 * @param script - the offline turns
 * @param environment - the environment variables to read
 * @returns the model and a banner line
 */
export function modelFromEnv(script: ScriptedTurn[], environment: NodeJS.ProcessEnv = process.env): ExampleModel {
  if (environment.GEMINI_API_KEY) {
    const name = environment.GEMINI_MODEL ?? 'gemini-2.5-flash';
    const model = new GeminiChatModel({ model: name, apiKey: environment.GEMINI_API_KEY });
    return { model, offline: false, banner: `Using Gemini model ${name} (GEMINI_API_KEY is set).` };
  }
  if (environment.ANTHROPIC_API_KEY) {
    const name = environment.ANTHROPIC_MODEL ?? 'claude-sonnet-4-6';
    const model = new AnthropicChatModel({ model: name, maxTokens: 4096, clientOptions: { apiKey: environment.ANTHROPIC_API_KEY } });
    return { model, offline: false, banner: `Using Anthropic model ${name} (ANTHROPIC_API_KEY is set).` };
  }
  if (environment.OPENAI_API_KEY) {
    const model = OpenAIChatModel.fromEnv({
      clientOptions: {
        apiKey: environment.OPENAI_API_KEY,
        ...(environment.OPENAI_BASE_URL ? { baseURL: environment.OPENAI_BASE_URL } : {}),
      },
      ...(environment.OPENAI_MODEL ? { model: environment.OPENAI_MODEL } : {}),
    });
    const where = environment.OPENAI_BASE_URL ? ` at ${environment.OPENAI_BASE_URL}` : '';
    return { model, offline: false, banner: `Using model ${model.model}${where} (OPENAI_API_KEY is set).` };
  }
  return {
    model: new ScriptedModel(script),
    offline: true,
    banner:
      'Running offline on a scripted model (set GEMINI_API_KEY, ANTHROPIC_API_KEY or OPENAI_API_KEY, with GEMINI_MODEL, ANTHROPIC_MODEL or OPENAI_MODEL and OPENAI_BASE_URL, to use a real one).',
  };
}
