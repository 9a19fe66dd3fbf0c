import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startExampleHttpServer } from '../src/mcp/mcp-http-server.js';

const run = promisify(execFile);
const root = join(__dirname, '..', '..');
const inspector = join(dirname(require.resolve('@modelcontextprotocol/inspector/package.json')), 'cli', 'build', 'cli.js');
const tsx = join(dirname(require.resolve('tsx/package.json')), 'dist', 'cli.mjs');

/**
 * Runs the MCP Inspector in CLI mode against the example stdio server (from its TypeScript source,
 * through tsx; built, the same server is `node examples/dist/cjs/mcp/mcp-server.js`).
 */
async function inspect(...args: string[]): Promise<unknown> {
  const { stdout } = await run(
    process.execPath,
    [inspector, '--cli', '-e', 'TSX_TSCONFIG_PATH=tsconfig.check.json', process.execPath, tsx, 'examples/src/mcp/mcp-server.ts', ...args],
    { cwd: root, timeout: 60_000 },
  );
  return JSON.parse(stdout);
}

// The Inspector starts the server through tsx, a few seconds each on a busy machine.
jest.setTimeout(60_000);
describe('the example MCP server, seen by clients no one here wrote', () => {
  it('lists its tools to the MCP Inspector (CLI mode) with their JSON Schemas', async () => {
    const listed = (await inspect('--method', 'tools/list')) as { tools: Array<{ name: string; inputSchema: object }> };
    expect(listed.tools.map((tool) => tool.name)).toEqual(['calculator', 'countdown']);
    expect(listed.tools[0]!.inputSchema).toEqual(
      expect.objectContaining({
        type: 'object',
        required: ['digit1', 'digit2'],
        properties: expect.objectContaining({ digit1: expect.any(Object) }),
      }),
    );
  });

  it("answers the Inspector's tools/call, and a bad argument with an isError result the model can act on", async () => {
    const answer = await inspect('--method', 'tools/call', '--tool-name', 'calculator', '--tool-arg', 'digit1=3', '--tool-arg', 'digit2=4');
    expect(answer).toEqual({ content: [{ type: 'text', text: '7' }] });
    const refused = await inspect(
      '--method',
      'tools/call',
      '--tool-name',
      'calculator',
      '--tool-arg',
      'digit1=3',
      '--tool-arg',
      'digit2=12',
    );
    expect(refused).toEqual({
      content: [{ type: 'text', text: expect.stringContaining("'digit2': must be at most 9, got number 12") }],
      isError: true,
    });
  });

  it("serves the SDK's own Client over Streamable HTTP, with progress notifications", async () => {
    const server = await startExampleHttpServer(0);
    const { port } = server.address() as { port: number };
    const client = new Client({ name: 'example-test', version: '1.0.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(`http://localhost:${port}/mcp`)));
      const steps: number[] = [];
      const result = await client.callTool({ name: 'countdown', arguments: { from: 3 } }, undefined, {
        onprogress: (p) => steps.push(p.progress),
      });
      expect(result.content).toEqual([{ type: 'text', text: 'Liftoff after counting down from 3.' }]);
      expect(steps).toEqual([1, 2, 3]);
    } finally {
      await client.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
