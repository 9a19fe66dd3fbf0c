import type { SharedV3ProviderOptions } from '@ai-sdk/provider';

/** Fetches a file the model does not take by URL (`createDownload()` of `ai` makes one). */
export type AISDKDownload = (options: { url: URL; abortSignal?: AbortSignal }) => PromiseLike<{
  data: Uint8Array;
  mediaType: string | undefined;
}>;

/** Call settings of the AI SDK that toolcraft's `ModelSettings` does not have, sent with every request. */
export interface AISDKCallSettings {
  /** Samples from the `topK` most likely tokens only. */
  topK?: number;
  /** Penalises tokens already in the prompt. */
  presencePenalty?: number;
  /** Penalises tokens by how often they appeared. */
  frequencyPenalty?: number;
}

/** Options of `new AISDKChatModel(languageModel, options)`. */
export interface AISDKChatModelOptions {
  /**
   * The provider name traces show (`gen_ai.provider.name`). Default: the model's `provider` up to its
   * first dot (`'openai.responses'` gives `'openai'`).
   */
  provider?: string;
  /** Settings sent with every request beside the request's own `settings`. */
  callSettings?: AISDKCallSettings;
  /** HTTP headers sent with every request (for HTTP-based providers). */
  headers?: Record<string, string | undefined>;
  /**
   * Provider options sent with every request (`{ openai: { reasoningEffort: 'low' } }`). A request's
   * `providerOptions` (the agent's or the run's) are merged over them, provider by provider.
   */
  providerOptions?: SharedV3ProviderOptions;
  /**
   * How an image or file given by URL reaches a model that does not take that URL (its
   * `supportedUrls` do not match it): downloaded with this function, with the request's signal, and
   * sent as data, as `generateText` does. Default `createDownload({ maxBytes: 20 MiB })` of `ai`;
   * `false` sends every URL as it is.
   */
  download?: AISDKDownload | false;
}
