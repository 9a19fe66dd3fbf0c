import type { CreateMessageRequest, CreateMessageResult } from '@modelcontextprotocol/sdk/types.js';
import { contentText, describeThrownValue, type ChatMessage, type ChatModel, type ContentPart } from '@toolcraft/core';
import { untilAborted } from '@toolcraft/core/internal';
import { McpProtocolError, ProtocolErrorCode } from '../errors/mcp-protocol-error.js';

/** How an `McpToolset` lets its server sample (`sampling/createMessage`) through a model of this process. */
export interface McpSamplingOptions {
  /** The model that answers the server's requests. */
  model: ChatModel;
  /** The most tokens an answer may have, whatever the server asks for (its `maxTokens` is cut to this); default 1,024. */
  maxTokens?: number;
  /** The most sampling requests the toolset answers in all (over its connections); past it they are refused. Default 25. */
  maxRequests?: number;
}

/** A toolset's sampling: its options and how many requests it answered. */
export class SamplingBudget {
  private used = 0;
  private readonly maxTokens: number;
  private readonly maxRequests: number;

  /** @param options - the model and caps */
  constructor(readonly options: McpSamplingOptions) {
    this.maxTokens = options.maxTokens ?? 1_024;
    this.maxRequests = options.maxRequests ?? 25;
  }

  /**
   * Answers one `sampling/createMessage` with the model: the server's messages (text, images, audio)
   * and system prompt as the request, its `maxTokens` cut to the toolset's cap, its temperature and
   * stop sequences as settings; the model's text as the answer. Past `maxRequests`, or for tool use
   * (which this client does not offer), or when the model fails, the server gets a JSON-RPC error.
   * @param params - the request's params
   * @param signal - the request's signal (passed to the model)
   * @returns the answer
   * @throws McpProtocolError saying why the request was refused or failed
   */
  async answer(params: CreateMessageRequest['params'], signal: AbortSignal): Promise<CreateMessageResult> {
    if (this.used >= this.maxRequests)
      throw new McpProtocolError(
        ProtocolErrorCode.invalidParams,
        `Sampling refused: this client answers at most ${this.maxRequests} sampling requests (sampling.maxRequests), and that many were answered.`,
      );
    this.used++;
    const messages: ChatMessage[] = [];
    if (typeof params.systemPrompt === 'string' && params.systemPrompt.length > 0)
      messages.push({ role: 'system', content: params.systemPrompt });
    for (const message of params.messages) {
      const blocks = Array.isArray(message.content) ? message.content : [message.content];
      const parts = blocks.map((block): ContentPart => {
        if (block.type === 'text') return { type: 'text', text: block.text };
        if (block.type === 'image') return { type: 'image', data: block.data, mediaType: block.mimeType };
        if (block.type === 'audio') return { type: 'file', data: block.data, mediaType: block.mimeType };
        throw new McpProtocolError(
          ProtocolErrorCode.invalidParams,
          `Sampling refused: this client does not offer tools in sampling (got ${block.type} content).`,
        );
      });
      const content = parts.every((part) => part.type === 'text') ? contentText(parts) : parts;
      messages.push(message.role === 'user' ? { role: 'user', content } : { role: 'assistant', content });
    }
    const maxOutputTokens = Math.min(params.maxTokens, this.maxTokens);
    const { model } = this.options;
    let response;
    try {
      response = await untilAborted(
        model.complete({
          messages,
          tools: [],
          signal,
          settings: {
            maxOutputTokens,
            ...(params.temperature === undefined ? {} : { temperature: params.temperature }),
            ...(params.stopSequences === undefined ? {} : { stopSequences: [...params.stopSequences] }),
          },
        }),
        signal,
      );
    } catch (error) {
      if (signal.aborted) throw error;
      throw new McpProtocolError(
        ProtocolErrorCode.internalError,
        `Sampling failed: the model answered with an error: ${describeThrownValue(error)}`,
      );
    }
    const { content } = response.message;
    const text =
      typeof content === 'string' ? content : content === null ? '' : contentText(content.filter((part) => part.type === 'text'));
    return {
      role: 'assistant',
      content: { type: 'text', text },
      model: response.modelId ?? model.modelId ?? model.provider ?? 'unknown',
      stopReason: stopReasonOf(response.finishReason),
    };
  }
}

function stopReasonOf(reason: string | undefined): string {
  if (reason === 'length') return 'maxTokens';
  if (reason === undefined || reason === 'stop') return 'endTurn';
  return reason;
}
