import 'reflect-metadata';
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { RoundRobinProxy } from '../src/scale-out/round-robin-proxy.js';

const root = join(__dirname, '..', '..');
const tsx = join(dirname(require.resolve('tsx/package.json')), 'dist', 'cli.mjs');

/** Starts one instance of the example MCP HTTP server in its own process (PORT=0: a free port). */
async function startInstance(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [tsx, 'examples/src/mcp/mcp-http-server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', TSX_TSCONFIG_PATH: 'tsconfig.check.json' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /localhost:(\d+)\/mcp/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the MCP instance exited (${code}) before listening: ${output}`)));
  });
  return { child, port };
}

describe('MCP on many processes: two stateless instances behind a round-robin proxy', () => {
  let instances: Array<{ child: ChildProcess; port: number }>;
  let proxy: RoundRobinProxy;
  let client: Client;

  beforeAll(async () => {
    instances = await Promise.all([startInstance(), startInstance()]);
    expect(new Set(instances.map((instance) => instance.child.pid)).size).toBe(2);
    proxy = new RoundRobinProxy(instances.map((instance) => instance.port));
    const port = await proxy.listen();
    client = new Client({ name: 'scale-out-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://localhost:${port}/mcp`)));
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    await proxy?.close();
    for (const instance of instances ?? []) instance.child.kill();
  });

  it('answers every call once and correctly, whichever process serves it', async () => {
    const listed = await client.listTools();
    expect(listed.tools.map((tool) => tool.name)).toEqual(['calculator', 'countdown']);

    const pairs = Array.from({ length: 10 }, (_, index) => [index % 10, (index * 7) % 10] as const);
    const results = [];
    for (const [digit1, digit2] of pairs) results.push(await client.callTool({ name: 'calculator', arguments: { digit1, digit2 } }));
    expect(results.map((result) => (result.content as Array<{ text: string }>)[0]!.text)).toEqual(pairs.map(([a, b]) => String(a + b)));
    expect(results.every((result) => result.isError !== true)).toBe(true);

    const bad = await client.callTool({ name: 'calculator', arguments: { digit1: 12, digit2: 1 } });
    expect(bad.isError).toBe(true);

    // 11 calls, spread over both processes, each sent to exactly one of them.
    const calls = instances.map((instance) => (proxy.served.get(instance.port) ?? []).filter((method) => method === 'tools/call').length);
    expect(calls[0]! + calls[1]!).toBe(11);
    expect(Math.min(...calls)).toBeGreaterThanOrEqual(4);
  }, 60_000);
});
