import type { ChatCompletion, ChatCompletionChunk } from 'openai/resources/chat/completions';

interface PartialCall {
  id: string;
  name: string;
  arguments: string;
}

/**
 * Assembles the chunks of a streamed Chat Completion into the completion `complete` would have
 * received: text and refusal concatenated, each tool call's id, name and arguments joined by its
 * `index` (they arrive split across chunks), the finish reason, and the usage of the last chunk
 * (`stream_options.include_usage`).
 */
export class ChatCompletionAccumulator {
  private id = '';
  private model = '';
  private content: string | undefined;
  private refusal: string | undefined;
  private finishReason: string | null = null;
  private usage: ChatCompletion['usage'];
  private readonly calls = new Map<number, PartialCall>();

  /**
   * Adds one chunk.
   * @param chunk - the chunk
   * @returns the new text it carries, if any
   */
  add(chunk: ChatCompletionChunk): string | undefined {
    if (typeof chunk.id === 'string') this.id = chunk.id;
    if (typeof chunk.model === 'string') this.model = chunk.model;
    if (chunk.usage) this.usage = chunk.usage;
    const choice = Array.isArray(chunk.choices) ? chunk.choices[0] : undefined;
    if (choice === undefined) return undefined;
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
    const delta = choice.delta ?? {};
    if (typeof delta.refusal === 'string') this.refusal = (this.refusal ?? '') + delta.refusal;
    for (const call of delta.tool_calls ?? []) {
      const index = typeof call.index === 'number' ? call.index : this.calls.size;
      const partial = this.calls.get(index) ?? { id: '', name: '', arguments: '' };
      if (call.id) partial.id = call.id;
      if (call.function?.name) partial.name += call.function.name;
      if (call.function?.arguments) partial.arguments += call.function.arguments;
      this.calls.set(index, partial);
    }
    if (typeof delta.content !== 'string' || delta.content === '') return undefined;
    this.content = (this.content ?? '') + delta.content;
    return delta.content;
  }

  /** Whether a chunk gave the finish reason: without it, the answer was cut before its end. */
  get finished(): boolean {
    return this.finishReason !== null;
  }

  /** The completion the chunks make up. */
  completion(): ChatCompletion {
    const toolCalls = [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, call]) => ({ id: call.id, type: 'function' as const, function: { name: call.name, arguments: call.arguments || '{}' } }));
    return {
      id: this.id,
      object: 'chat.completion',
      created: 0,
      model: this.model,
      choices: [
        {
          index: 0,
          logprobs: null,
          finish_reason: (this.finishReason ?? 'stop') as ChatCompletion['choices'][number]['finish_reason'],
          message: {
            role: 'assistant',
            content: this.content ?? null,
            refusal: this.refusal ?? null,
            ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
          },
        },
      ],
      ...(this.usage ? { usage: this.usage } : {}),
    };
  }
}
