import 'reflect-metadata';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LoggingMessageNotificationSchema, ProgressNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { isRunning, waitFor } from '../support/fixture-toolset';

const root = join(__dirname, '..', '..', '..', '..');
const tsx = join(dirname(require.resolve('tsx/package.json')), 'dist', 'cli.mjs');

// The server starts through tsx, a few seconds on a busy machine.
jest.setTimeout(60_000);
describe("serveMcpStdio, seen by the SDK's own Client over stdio", () => {
  let folder: string;
  let client: Client;
  let transport: StdioClientTransport;
  const log = () => {
    try {
      return readFileSync(join(folder, 'log'), 'utf8').trim().split('\n');
    } catch {
      return [];
    }
  };

  beforeEach(async () => {
    folder = mkdtempSync(join(tmpdir(), 'toolcraft-stdio-'));
    transport = new StdioClientTransport({
      command: process.execPath,
      args: [tsx, join(__dirname, '..', 'fixtures', 'toolcraft-stdio-server.ts')],
      env: { TSX_TSCONFIG_PATH: join(root, 'tsconfig.check.json'), FIXTURE_LOG_FILE: join(folder, 'log') },
      cwd: root,
      stderr: 'pipe',
    });
    client = new Client({ name: 'sdk-client', version: '1.0.0' });
    await client.connect(transport);
  });
  afterEach(async () => {
    await client.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('lists and calls the tools, errors as isError results', async () => {
    expect(client.getServerVersion()).toEqual(expect.objectContaining({ name: 'stdio-fixture', version: '1.0.0' }));
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['add', 'wait', 'progress', 'chatty']);
    expect(await client.callTool({ name: 'add', arguments: { a: 2, b: 40 } })).toEqual({ content: [{ type: 'text', text: '42' }] });
    const bad = await client.callTool({ name: 'add', arguments: { a: 2 } });
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.content)).toContain("Invalid arguments for tool 'add'");
  });

  it('serves resources, prompts, completions and log messages over stdio', async () => {
    expect(await client.readResource({ uri: 'books://7' })).toEqual({
      contents: [{ uri: 'books://7', mimeType: 'text/plain', text: 'The text of book 7.' }],
    });
    expect(await client.getPrompt({ name: 'review', arguments: { tone: 'kind' } })).toEqual({
      messages: [{ role: 'user', content: { type: 'text', text: 'Review the book, kindly.' } }],
    });
    await expect(client.getPrompt({ name: 'review', arguments: { tone: 'mean' } })).rejects.toThrow(
      "Invalid arguments for prompt 'review'",
    );
    expect(
      (await client.complete({ ref: { type: 'ref/prompt', name: 'review' }, argument: { name: 'tone', value: 'h' } })).completion.values,
    ).toEqual(['harsh']);
    const messages: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => void messages.push(params));
    await client.callTool({ name: 'chatty', arguments: {} });
    await waitFor(() => messages.length > 0);
    expect(messages).toEqual([{ level: 'info', logger: 'chatty', data: 'hello from stdio' }]);
  });

  it("sends progress notifications, and a client's cancellation aborts the call on the server", async () => {
    const progress: number[] = [];
    // SDK 1.32's Client drops the progress notifications read together with the response
    // (modelcontextprotocol/typescript-sdk#2580), so they are read here as they arrive; `onprogress` sends the token.
    client.setNotificationHandler(ProgressNotificationSchema, ({ params }) => void progress.push(params.progress));
    const done = await client.callTool({ name: 'progress', arguments: { steps: 3 } }, undefined, { onprogress: () => undefined });
    expect(done.content).toEqual([{ type: 'text', text: 'done after 3 steps' }]);
    expect(progress).toEqual([1, 2, 3]);

    const controller = new AbortController();
    const pending = client.callTool({ name: 'wait', arguments: {} }, undefined, { signal: controller.signal });
    await waitFor(() => log().includes('wait started'));
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
    await waitFor(() => log().includes('wait aborted'));
    expect((await client.callTool({ name: 'add', arguments: { a: 1, b: 1 } })).content).toEqual([{ type: 'text', text: '2' }]);
  });

  it('exits when the client closes its stdin, aborting a call still running', async () => {
    const pid = transport.pid!;
    void client.callTool({ name: 'wait', arguments: {} }).catch(() => undefined);
    await waitFor(() => log().includes('wait started'));
    const closing = Date.now();
    await client.close();
    // On its own: the SDK's transport would send SIGTERM after 2 s.
    expect(Date.now() - closing).toBeLessThan(1_900);
    expect(isRunning(pid)).toBe(false);
    expect(log()).toContain('wait aborted');
  });
});
