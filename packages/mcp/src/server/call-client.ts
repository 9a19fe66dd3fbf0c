import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CreateMessageResultSchema,
  ElicitResultSchema,
  ErrorCode,
  type CreateMessageRequest,
  type CreateMessageResult,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import {
  describeThrownValue,
  partData,
  ToolArgumentsError,
  UnsupportedClientRequestError,
  defaultArgumentLimits,
  type CallClient,
  type ElicitationResult,
  type JsonSchema,
  type LogLevel,
  type SamplingMessage,
  type SamplingRequest,
  type SamplingResult,
} from '@toolcraft/core';
import { createArgsDecoder } from '@toolcraft/core/internal';
import { McpClientRequestError } from '../errors/mcp-client-request-error.js';
import { isLogged } from './log-levels.js';
import type { RequestExtra } from './request-extra.js';

/** What a call's client needs of its connection. */
export interface CallClientSettings {
  /** The connection's SDK server (the client's capabilities). */
  server: Server;
  /** The lowest level the client asked for, read when a message is sent. */
  logLevel(): LogLevel | undefined;
  /** Who logs: the tool, prompt or resource called. */
  logger: string;
  /** How long an elicitation or sampling request may wait for the client, in ms. */
  timeoutMs: number;
}

const defaultMaxTokens = 1024;

/**
 * The {@link CallClient} of one request of a toolcraft MCP server, which `context.log`,
 * `context.elicit` and `context.sample` reach: log messages go out as `notifications/message` on the
 * request's stream (above the level the client set); elicitation and sampling are requests to the
 * client, sent only when it declared the capability, bounded by the call's signal and `timeoutMs`, and
 * an elicitation's answer is checked against the schema asked for by the one validator.
 * @param extra - the request's extra (its notification and request senders)
 * @param settings - the connection's server, log level, the caller's name and the time limit
 * @returns the client
 */
export function callClientOf(extra: RequestExtra, settings: CallClientSettings): CallClient {
  return {
    log(level, message, data) {
      if (!isLogged(level, settings.logLevel())) return;
      const params = { level, logger: settings.logger, data: data === undefined ? message : { message, data } };
      extra.sendNotification({ method: 'notifications/message', params }).catch(() => undefined);
    },
    elicit: (schema, message, signal) => elicit(extra, settings, schema, message, signal),
    sample: (request, signal) => sample(extra, settings, request, signal),
  };
}

async function elicit(
  extra: RequestExtra,
  settings: CallClientSettings,
  schema: Readonly<Record<string, unknown>>,
  message: string,
  signal: AbortSignal,
): Promise<ElicitationResult> {
  requireCapability(settings.server, 'elicitation');
  if (typeof message !== 'string' || message.length === 0)
    throw new TypeError('context.elicit(schema, message): the message must be a non-empty string telling the person what is asked.');
  if (typeof schema !== 'object' || schema === null || schema.type !== 'object')
    throw new TypeError(
      'context.elicit(schema, message): the schema must be a JSON Schema of an object (type: "object") of primitive properties.',
    );
  const decoder = createArgsDecoder<Record<string, unknown>>(schema as JsonSchema, 'the schema given to context.elicit');
  const params = { message, requestedSchema: schema } as unknown as Extract<
    Parameters<RequestExtra['sendRequest']>[0],
    { method: 'elicitation/create' }
  >['params'];
  const answer = await ask<ElicitResult>(
    extra,
    'elicitation',
    { method: 'elicitation/create', params },
    ElicitResultSchema,
    settings.timeoutMs,
    signal,
  );
  if (answer.action !== 'accept') return { action: answer.action };
  const outcome = decoder.decode(answer.content ?? {}, defaultArgumentLimits);
  if (!outcome.ok)
    throw new McpClientRequestError(
      'elicitation',
      `the answer does not fit the schema asked for:${new ToolArgumentsError('elicitation', outcome.violations).message.replace(/^[^:]*:/, '')}`,
    );
  return { action: 'accept', content: outcome.value };
}

async function sample(
  extra: RequestExtra,
  settings: CallClientSettings,
  request: SamplingRequest,
  signal: AbortSignal,
): Promise<SamplingResult> {
  requireCapability(settings.server, 'sampling');
  const maxTokens = request.maxTokens ?? defaultMaxTokens;
  if (!Number.isInteger(maxTokens) || maxTokens < 1)
    throw new TypeError(`context.sample(request): maxTokens must be a whole number of at least 1, got ${String(maxTokens)}.`);
  const params: CreateMessageRequest['params'] = {
    messages: samplingMessages(request.messages),
    maxTokens,
    ...(request.systemPrompt === undefined ? {} : { systemPrompt: request.systemPrompt }),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.stopSequences === undefined ? {} : { stopSequences: [...request.stopSequences] }),
    ...(request.modelPreferences === undefined
      ? {}
      : {
          modelPreferences: {
            ...request.modelPreferences,
            hints: request.modelPreferences.hints === undefined ? undefined : [...request.modelPreferences.hints],
          },
        }),
  };
  const answer = await ask<CreateMessageResult>(
    extra,
    'sampling',
    { method: 'sampling/createMessage', params },
    CreateMessageResultSchema,
    settings.timeoutMs,
    signal,
  );
  const { content, model, stopReason } = answer;
  const ended = stopReason === undefined ? {} : { stopReason };
  if (content.type === 'text') return { text: content.text, content: { type: 'text', text: content.text }, model, ...ended };
  if (content.type === 'image')
    return { text: '', content: { type: 'image', data: content.data, mediaType: content.mimeType }, model, ...ended };
  throw new McpClientRequestError(
    'sampling',
    `the client answered with ${content.type} content, which context.sample does not return (text or an image).`,
  );
}

function samplingMessages(messages: SamplingRequest['messages']): CreateMessageRequest['params']['messages'] {
  if (typeof messages === 'string') return [{ role: 'user', content: { type: 'text', text: messages } }];
  const list: readonly SamplingMessage[] = messages;
  if (typeof list !== 'object' || list === null || typeof list.map !== 'function' || list.length === 0)
    throw new TypeError('context.sample(request): messages must be a text or a non-empty list of { role, content }.');
  return list.map(({ role, content }) => {
    if (typeof content === 'string') return { role, content: { type: 'text' as const, text: content } };
    if (content.type === 'text') return { role, content: { type: 'text' as const, text: content.text } };
    const where = partData(content.data);
    if (where.kind === 'url')
      throw new TypeError('context.sample(request): an image must be given as base64 data, not a URL (MCP sends images inline).');
    return { role, content: { type: 'image' as const, data: where.base64, mimeType: content.mediaType } };
  });
}

/** Sends a request to the client within the call, bounded by the call's signal and the time limit. */
async function ask<T>(
  extra: RequestExtra,
  kind: 'elicitation' | 'sampling',
  request: Parameters<RequestExtra['sendRequest']>[0],
  schema: Parameters<RequestExtra['sendRequest']>[1],
  timeoutMs: number,
  signal: AbortSignal,
): Promise<T> {
  try {
    return (await extra.sendRequest(request, schema, { signal, timeout: timeoutMs })) as T;
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    const code = (error as { code?: unknown }).code;
    if (code === ErrorCode.RequestTimeout)
      throw new McpClientRequestError(kind, `the client did not answer within ${timeoutMs} ms.`, error);
    throw new McpClientRequestError(kind, `the client answered with an error: ${describeThrownValue(error)}`, error);
  }
}

function requireCapability(server: Server, kind: 'elicitation' | 'sampling'): void {
  const capabilities = server.getClientCapabilities();
  if (capabilities === undefined)
    throw new UnsupportedClientRequestError(
      kind,
      "the client's capabilities are not known on this connection: a stateless HTTP server answers every request alone, and its client's answer would reach another server. Serve with sessions (createMcpHttpHandler(tools, { sessions: new InMemoryMcpSessionStore() })) or over stdio.",
    );
  if (capabilities[kind] === undefined)
    throw new UnsupportedClientRequestError(kind, `the MCP client did not declare the ${kind} capability when it connected.`);
}
