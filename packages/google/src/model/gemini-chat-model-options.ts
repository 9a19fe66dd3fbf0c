import type { GenerateContentConfig, GoogleGenAI } from '@google/genai';

/**
 * Generation options for every request (or, as `providerOptions.google`, for one run): any field of
 * the SDK's `GenerateContentConfig` except those the model sets from the request (the system
 * instruction, tools, tool config, structured output, abort signal and HTTP options).
 * @example
 * { thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 }, safetySettings: [...], topK: 40 }
 */
export type GeminiGenerationConfig = Omit<
  GenerateContentConfig,
  | 'systemInstruction'
  | 'tools'
  | 'toolConfig'
  | 'abortSignal'
  | 'httpOptions'
  | 'responseSchema'
  | 'responseJsonSchema'
  | 'responseMimeType'
>;

/** Options of `new GeminiChatModel(...)`. */
export interface GeminiChatModelOptions {
  /** The model name, e.g. `'gemini-2.5-flash'`. */
  model: string;
  /**
   * The `@google/genai` client. Leave its `httpOptions.retryOptions` unset: the agent loop does the
   * retries. Without one, the model makes a client from `apiKey` and `baseUrl`.
   */
  client?: GoogleGenAI;
  /** The API key of the client the model makes (no `client`); default: the SDK reads `GEMINI_API_KEY` or `GOOGLE_API_KEY`. */
  apiKey?: string;
  /** Another endpoint for the client the model makes (a proxy, a local server); default: the Gemini API. */
  baseUrl?: string;
  /** Per-request timeout in ms (the SDK's `httpOptions.timeout`); a timeout is a retryable error. */
  timeoutMs?: number;
  /** Generation options for every request (see {@link GeminiGenerationConfig}); the request's settings and `providerOptions.google` win over them. */
  config?: GeminiGenerationConfig;
}
