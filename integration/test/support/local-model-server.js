// A local server speaking the wire formats of the providers the docs' snippets use (OpenAI Chat
// Completions and Responses, Anthropic Messages, Gemini generateContent), streamed and not, so that
// a snippet written against a real provider's client runs offline. Every request is answered with
// one short text and no tool call; the environment it returns points each official client at it.
const { createServer } = require('node:http');

/** The text every answer carries. */
const answer = 'The local model server of the docs snippet test answers: 7.';
const usage = { input: 12, output: 9 };

/** An OpenAI Chat Completions answer (a whole completion, or its stream's chunks). */
function chatCompletion(body) {
  const base = { id: 'chatcmpl-local', created: 1_700_000_000, model: body.model ?? 'local' };
  const tokens = { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output };
  if (!body.stream) {
    const message = { role: 'assistant', content: answer, refusal: null };
    return {
      json: { ...base, object: 'chat.completion', choices: [{ index: 0, message, finish_reason: 'stop', logprobs: null }], usage: tokens },
    };
  }
  const chunk = (choices, extra = {}) => ({ ...base, object: 'chat.completion.chunk', choices, ...extra });
  return {
    sse: [
      chunk([{ index: 0, delta: { role: 'assistant', content: answer }, finish_reason: null }]),
      chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]),
      chunk([], { usage: tokens }),
      '[DONE]',
    ],
  };
}

/** An OpenAI Responses API answer (a whole response, or its stream's events). */
function response(body) {
  const text = { type: 'output_text', text: answer, annotations: [], logprobs: [] };
  const item = { type: 'message', id: 'msg_local', role: 'assistant', status: 'completed', content: [text] };
  const whole = {
    id: 'resp_local',
    object: 'response',
    created_at: 1_700_000_000,
    model: body.model ?? 'local',
    status: 'completed',
    output: [item],
    usage: { input_tokens: usage.input, output_tokens: usage.output, total_tokens: usage.input + usage.output },
  };
  if (!body.stream) return { json: whole };
  const events = [
    { type: 'response.created', response: { ...whole, status: 'in_progress', output: [] } },
    { type: 'response.output_item.added', output_index: 0, item: { ...item, status: 'in_progress', content: [] } },
    { type: 'response.output_text.delta', output_index: 0, content_index: 0, item_id: item.id, delta: answer },
    { type: 'response.output_item.done', output_index: 0, item },
    { type: 'response.completed', response: whole },
  ];
  return { sse: events.map((event, index) => ({ ...event, sequence_number: index })), named: true };
}

/** An Anthropic Messages answer (a whole message, or its stream's events). */
function anthropicMessage(body) {
  const tokens = {
    input_tokens: usage.input,
    output_tokens: usage.output,
    cache_creation_input_tokens: null,
    cache_read_input_tokens: null,
  };
  const message = { id: 'msg_local', type: 'message', role: 'assistant', model: body.model ?? 'local', stop_sequence: null };
  if (!body.stream)
    return { json: { ...message, content: [{ type: 'text', text: answer, citations: null }], stop_reason: 'end_turn', usage: tokens } };
  const events = [
    { type: 'message_start', message: { ...message, content: [], stop_reason: null, usage: { ...tokens, output_tokens: 0 } } },
    { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '', citations: null } },
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: answer } },
    { type: 'content_block_stop', index: 0 },
    { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: usage.output } },
    { type: 'message_stop' },
  ];
  return { sse: events, named: true };
}

/** A Gemini generateContent answer (or streamGenerateContent's one chunk). */
function geminiContent(streamed) {
  const json = {
    candidates: [{ content: { role: 'model', parts: [{ text: answer }] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: usage.input, candidatesTokenCount: usage.output, totalTokenCount: usage.input + usage.output },
    modelVersion: 'local',
    responseId: 'resp-local',
  };
  return streamed ? { sse: [json] } : { json };
}

/** The answer to one request, by its path; undefined for a path no provider has. */
function answerOf(path, body) {
  if (path.endsWith('/chat/completions')) return chatCompletion(body);
  if (path.endsWith('/responses')) return response(body);
  if (path.endsWith('/messages')) return anthropicMessage(body);
  if (/:generateContent$/.test(path)) return geminiContent(false);
  if (/:streamGenerateContent$/.test(path)) return geminiContent(true);
  return undefined;
}

/**
 * Starts the server on 127.0.0.1 at a free port.
 * @returns {Promise<{ environment: Record<string, string>, requests: string[], close: () => Promise<void> }>}
 *   the variables that point OpenAI's, Anthropic's and Google's clients at it, the paths it was asked, and a close
 */
async function startLocalModelServer() {
  const requests = [];
  const server = createServer((request, reply) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      requests.push(`${request.method} ${path}`);
      let body = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        // answered below like any request; the clients send JSON
      }
      const result = answerOf(path, body);
      if (result === undefined) {
        reply.writeHead(404, { 'content-type': 'application/json' });
        reply.end(JSON.stringify({ error: { message: `The docs' local model server has no ${request.method} ${path}.` } }));
      } else if (result.json !== undefined) {
        reply.writeHead(200, { 'content-type': 'application/json' });
        reply.end(JSON.stringify(result.json));
      } else {
        reply.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        for (const event of result.sse) {
          const data = typeof event === 'string' ? event : JSON.stringify(event);
          reply.write(result.named && typeof event !== 'string' ? `event: ${event.type}\ndata: ${data}\n\n` : `data: ${data}\n\n`);
        }
        reply.end();
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const environment = {
    OPENAI_API_KEY: 'local-key',
    OPENAI_BASE_URL: `${origin}/v1`,
    ANTHROPIC_API_KEY: 'local-key',
    ANTHROPIC_BASE_URL: origin,
    GEMINI_API_KEY: 'local-key',
    GOOGLE_GEMINI_BASE_URL: origin,
  };
  const close = () => new Promise((resolve) => server.close(() => resolve()));
  return { environment, requests, close };
}

module.exports = { startLocalModelServer };
