import 'reflect-metadata';
import { Agent, ToolRegistry } from '@toolcraft/core';
import { ScriptedModel } from '@toolcraft/testing';
import { serveDevtools, type DevtoolsServer, type TimelineBar } from '../src/index.js';
import { ConvertTool, createDevAgent } from './support/dev-agent.js';
import { postLines, rawRequest } from './support/raw-request.js';

describe('serveDevtools', () => {
  let devtools: DevtoolsServer;
  beforeEach(async () => {
    devtools = await serveDevtools({
      agent: createDevAgent(),
      port: 0,
      providers: { echo: (tools) => tools.map((tool) => ({ sentName: tool.name })) },
    });
  });
  afterEach(() => devtools.close());

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    rawRequest(devtools.port, {
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('listens on 127.0.0.1 only, and serves the page with a strict content security policy', async () => {
    expect(devtools.url).toBe(`http://127.0.0.1:${devtools.port}/`);
    const page = await rawRequest(devtools.port, { path: '/' });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>toolcraft dev UI</title>');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const validator = await rawRequest(devtools.port, { path: '/vendor/json-schema/index.js' });
    expect(validator.status).toBe(200);
    expect(validator.headers['content-type']).toContain('text/javascript');
  });

  it('refuses a foreign Host header, and a foreign Origin', async () => {
    const foreign = await rawRequest(devtools.port, { path: '/api/agent', headers: { host: 'evil.example:80' } });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toContain('Host header');
    const rebinding = await rawRequest(devtools.port, { path: '/', headers: { host: `attacker.test:${devtools.port}` } });
    expect(rebinding.status).toBe(403);
    const origin = await post('/api/tools/call', { name: 'convert', arguments: { euros: 1 } }, { origin: 'http://evil.example' });
    expect(origin.status).toBe(403);
    const localhost = await rawRequest(devtools.port, { path: '/api/agent', headers: { host: `localhost:${devtools.port}` } });
    expect(localhost.status).toBe(200);
  });

  it('describes the agent: each tool with its schema and what each provider is sent', async () => {
    const answer = JSON.parse((await rawRequest(devtools.port, { path: '/api/agent' })).body) as {
      agent: { name: string };
      tools: Array<{ name: string; inputSchema: { required?: string[] }; providers: Record<string, unknown> }>;
    };
    expect(answer.agent).toMatchObject({ name: 'banker', provider: 'toolcraft.scripted' });
    expect(answer.tools.map((tool) => tool.name)).toEqual(['convert', 'transfer', 'balance']);
    expect(answer.tools[1]).toMatchObject({ inputSchema: { required: ['to', 'amount'] }, providers: { echo: { sentName: 'transfer' } } });
  });

  it('calls a tool through the agent’s environment, its arguments checked by the tool', async () => {
    const ok = JSON.parse((await post('/api/tools/call', { name: 'convert', arguments: { euros: 10, rounding: 'up' } })).body);
    expect(ok).toMatchObject({ isError: false, content: '{"dollars":11}', value: { dollars: 11 }, durationMs: expect.any(Number) });
    const bad = JSON.parse((await post('/api/tools/call', { name: 'convert', arguments: { euros: -1 } })).body);
    expect(bad).toMatchObject({ isError: true, content: expect.stringContaining('euros') });
    const unknown = JSON.parse((await post('/api/tools/call', { name: 'nope', arguments: {} })).body);
    expect(unknown).toMatchObject({ isError: true, content: expect.stringContaining('nope') });
  });

  it('calls a tool that needs approval in a run only when the page confirmed it (409 naming the need otherwise)', async () => {
    const unconfirmed = await post('/api/tools/call', { name: 'transfer', arguments: { to: 'Ann', amount: 5 } });
    expect(unconfirmed.status).toBe(409);
    expect(JSON.parse(unconfirmed.body).error).toContain("'transfer' needs approval in a run (needsApproval: true)");
    const confirmed = JSON.parse(
      (await post('/api/tools/call', { name: 'transfer', arguments: { to: 'Ann', amount: 5 }, confirmed: true })).body,
    );
    expect(confirmed).toMatchObject({ isError: false, content: 'sent 5 EUR to Ann' });
    const described = JSON.parse((await rawRequest(devtools.port, { path: '/api/agent' })).body) as {
      tools: Array<{ name: string; approval?: unknown }>;
    };
    expect(described.tools.map((tool) => [tool.name, tool.approval])).toEqual([
      ['convert', undefined],
      ['transfer', { need: 'always', because: 'needsApproval: true' }],
      ['balance', undefined],
    ]);
    // The agent's approvals policy counts for tools that say nothing themselves.
    const strict = await serveDevtools({
      agent: new Agent({ model: new ScriptedModel([]), tools: [new ConvertTool()], approvals: 'all' }),
      port: 0,
    });
    try {
      const answer = await rawRequest(strict.port, {
        method: 'POST',
        path: '/api/tools/call',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'convert', arguments: { euros: 1 } }),
      });
      expect(answer.status).toBe(409);
      expect(JSON.parse(answer.body).error).toContain("(the agent's approvals: 'all')");
    } finally {
      await strict.close();
    }
  });

  it('never crashes on a bad request: each gets an error answer, and the server answers on', async () => {
    const answers = await Promise.all([
      rawRequest(devtools.port, { method: 'POST', path: '/api/chat', headers: { 'content-type': 'application/json' }, body: '{not json' }),
      rawRequest(devtools.port, { method: 'POST', path: '/api/chat', headers: { 'content-type': 'text/plain' }, body: 'hi' }),
      post('/api/chat', [1, 2]),
      post('/api/chat', { text: 'hi', sessionId: '../../etc', runId: 'r1' }),
      post('/api/runs/resume', { runId: 'missing', decisions: [] }),
      post('/api/tools/call', { arguments: {} }),
      rawRequest(devtools.port, { path: '/api/nothing' }),
      rawRequest(devtools.port, { path: '/../package.json' }),
      rawRequest(devtools.port, {
        method: 'POST',
        path: '/api/chat',
        headers: { 'content-type': 'application/json' },
        body: `{"text":"${'x'.repeat(1_100_000)}"}`,
      }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([400, 415, 400, 400, 404, 400, 404, 404, 413]);
    for (const answer of answers) expect(JSON.parse(answer.body)).toEqual({ error: expect.any(String) });
    expect((await rawRequest(devtools.port, { path: '/api/agent' })).status).toBe(200);
  });

  it('streams a chat run: its events, then its timeline, RunState and session', async () => {
    const { status, lines } = await postLines(devtools.port, '/api/chat', {
      text: 'please convert 10 euros',
      sessionId: 's1',
      runId: 'r1',
    });
    expect(status).toBe(200);
    const deltas = lines.filter((line) => line.kind === 'event' && (line.event as { type: string }).type === 'text_delta');
    expect(deltas.length).toBeGreaterThan(1);
    const done = lines.at(-1) as {
      kind: string;
      stopReason: string;
      text: string;
      timeline: TimelineBar[];
      runState: { type: string };
      session: { messages: number };
    };
    expect(done).toMatchObject({ kind: 'done', stopReason: 'completed', text: 'Done: {"dollars":11}.' });
    expect(done.timeline.map((bar) => `${bar.kind}:${bar.label}:${bar.status}`)).toEqual([
      'model:model:ok',
      'tool:convert:ok',
      'model:model:ok',
      'stop:completed:ok',
    ]);
    expect(done.runState.type).toBe('toolcraft.run-state');
    expect(done.session.messages).toBe(4);
  });

  it('resumes a paused run with the page’s decisions: an approval with edited arguments', async () => {
    const paused = await postLines(devtools.port, '/api/chat', { text: 'send Bob 50', sessionId: 's2', runId: 'r2' });
    const done = paused.lines.at(-1) as { stopReason: string; interruptions: Array<{ callId: string; kind: string; arguments: string }> };
    expect(done).toMatchObject({ stopReason: 'interrupted', interruptions: [{ kind: 'approval', arguments: '{"to":"Bob","amount":50}' }] });
    const callId = done.interruptions[0]!.callId;
    const refused = await post('/api/runs/resume', { runId: 'r2', decisions: [{ callId: 'other', action: 'approve' }] });
    expect(refused.status).toBe(400);
    const resumed = await postLines(devtools.port, '/api/runs/resume', {
      runId: 'r2',
      decisions: [{ callId, action: 'approve', arguments: { to: 'Alice', amount: 20 } }],
    });
    expect(resumed.lines.at(-1)).toMatchObject({ kind: 'done', stopReason: 'completed', text: 'Done: sent 20 EUR to Alice.' });
    const again = await post('/api/runs/resume', { runId: 'r2', decisions: [{ callId, action: 'approve' }] });
    expect(again.status).toBe(404);
  });

  it('takes a credential for a paused call and never shows it again', async () => {
    const paused = await postLines(devtools.port, '/api/chat', { text: 'my balance', sessionId: 's3', runId: 'r3' });
    const done = paused.lines.at(-1) as { interruptions: Array<{ callId: string; kind: string; request: { key: string } }> };
    expect(done.interruptions[0]).toMatchObject({ kind: 'credential', request: { key: 'bank-token' } });
    const resumed = await postLines(devtools.port, '/api/runs/resume', {
      runId: 'r3',
      decisions: [{ callId: done.interruptions[0]!.callId, action: 'credential', credential: 'tok-SECRET-42' }],
    });
    expect(resumed.lines.at(-1)).toMatchObject({ stopReason: 'completed', text: expect.stringContaining('13 characters') });
    expect(JSON.stringify(resumed.lines)).not.toContain('tok-SECRET-42');
  });

  it('ends a failed run with its error in the timeline', async () => {
    const { lines } = await postLines(devtools.port, '/api/chat', { text: 'fail please', sessionId: 's4', runId: 'r4' });
    const failed = lines.at(-1) as { kind: string; error: string; timeline: TimelineBar[] };
    expect(failed).toMatchObject({ kind: 'failed', error: expect.stringContaining('the model service is down') });
    expect(failed.timeline.at(-1)).toMatchObject({
      kind: 'error',
      status: 'error',
      detail: expect.stringContaining('the model service is down'),
    });
  });

  it('serves a registry without an agent: tools only, no chat', async () => {
    const tools = await serveDevtools({ registry: ToolRegistry.of(new ConvertTool()), port: 0 });
    try {
      const answer = JSON.parse((await rawRequest(tools.port, { path: '/api/agent' })).body) as { agent: unknown; tools: unknown[] };
      expect(answer).toMatchObject({ agent: null, tools: [{ name: 'convert' }] });
      const chat = await rawRequest(tools.port, {
        method: 'POST',
        path: '/api/chat',
        headers: { 'content-type': 'application/json' },
        body: '{"text":"hi","sessionId":"s","runId":"r"}',
      });
      expect(chat.status).toBe(409);
    } finally {
      await tools.close();
    }
  });
});
