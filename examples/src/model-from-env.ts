import type { ChatModel } from '@toolcraft/core';
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
 * Picks the model: the real one through the `openai` client when `OPENAI_API_KEY` is set
 * (`OPENAI_BASE_URL` points it at any OpenAI-compatible server, `OPENAI_MODEL` names the model),
 * else a {@link ScriptedModel} playing the given script offline.
 * @param script - the offline turns
 * @param environment - the environment variables to read
 * @returns the model and a banner line
 */
export function modelFromEnv(script: ScriptedTurn[], environment: NodeJS.ProcessEnv = process.env): ExampleModel {
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
    banner: 'Running offline on a scripted model (set OPENAI_API_KEY, and optionally OPENAI_BASE_URL and OPENAI_MODEL, to use a real one).',
  };
}
