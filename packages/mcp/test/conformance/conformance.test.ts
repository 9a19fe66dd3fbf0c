// The official MCP conformance suite (@modelcontextprotocol/conformance 0.1.13, the newest that runs on
// Node 20) against toolcraft: every server scenario against createMcpHttpHandler (with sessions), every
// client scenario (OAuth included) against McpToolset. The figures asserted are those in the README.
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import type { McpHttpEndpoint } from '@toolcraft/mcp';
import { everythingHandler } from './everything-server';

const root = join(__dirname, '..', '..', '..', '..');
const cli = join(dirname(require.resolve('@modelcontextprotocol/conformance/package.json')), 'dist', 'index.js');
const tsx = join(dirname(require.resolve('tsx/package.json')), 'dist', 'cli.mjs');
const client = `env TSX_TSCONFIG_PATH=${join(root, 'tsconfig.check.json')} ${process.execPath} ${tsx} ${join(__dirname, 'everything-client.ts')}`;

/** One scenario's line of the suite's summary. */
interface ScenarioResult {
  scenario: string;
  passed: number;
  failed: number;
}

/** Runs the suite's command line, and reads its summary (`✓ name: 3 passed, 0 failed`). */
function conformance(args: string[]): Promise<{ results: ScenarioResult[]; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      const summary = output.slice(Math.max(output.lastIndexOf('SUMMARY ==='), 0));
      const results = [...summary.matchAll(/^[✓✗] (\S+): (\d+) passed, (\d+) failed/gmu)].map(([, scenario, passed, failed]) => ({
        scenario: scenario!,
        passed: Number(passed),
        failed: Number(failed),
      }));
      resolve({ results, output });
    });
  });
}

function failures(results: ScenarioResult[]): string[] {
  return results.filter((result) => result.failed > 0).map((result) => `${result.scenario}: ${result.failed} failed`);
}

/** The suite's 23 client scenarios (`npx conformance list`). */
const clientScenarios = [
  'initialize',
  'tools_call',
  'elicitation-sep1034-client-defaults',
  'sse-retry',
  ...['metadata-default', 'metadata-var1', 'metadata-var2', 'metadata-var3', 'basic-cimd'].map((name) => `auth/${name}`),
  ...[
    'scope-from-www-authenticate',
    'scope-from-scopes-supported',
    'scope-omitted-when-undefined',
    'scope-step-up',
    'scope-retry-limit',
  ].map((name) => `auth/${name}`),
  ...['token-endpoint-auth-basic', 'token-endpoint-auth-post', 'token-endpoint-auth-none', 'resource-mismatch', 'pre-registration'].map(
    (name) => `auth/${name}`,
  ),
  'auth/2025-03-26-oauth-metadata-backcompat',
  'auth/2025-03-26-oauth-endpoint-fallback',
  'auth/client-credentials-jwt',
  'auth/client-credentials-basic',
];

jest.setTimeout(1_200_000);

describe('the MCP conformance suite (@modelcontextprotocol/conformance 0.1.13)', () => {
  let handler: McpHttpEndpoint;
  let server: Server;
  beforeAll(async () => {
    handler = everythingHandler();
    server = createServer((request, response) => void handler(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await handler.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('passes all 32 server scenarios against createMcpHttpHandler with sessions', async () => {
    const url = `http://localhost:${(server.address() as AddressInfo).port}/mcp`;
    const { results, output } = await conformance(['server', '--url', url, '--suite', 'all']);
    if (results.length !== 32 || failures(results).length > 0) console.log(output);
    expect(failures(results)).toEqual([]);
    expect(results.length).toBe(32);
  });

  it('passes all 23 client scenarios against McpToolset, OAuth included', async () => {
    // One by one: a suite runs its scenarios' clients in parallel, and fifteen clients starting at once
    // (each compiling its TypeScript) time out on a busy machine; sse-retry times the client's reconnection.
    const results: ScenarioResult[] = [];
    let output = '';
    for (const scenario of clientScenarios) {
      const one = await conformance(['client', '--command', client, '--scenario', scenario, '--timeout', '90000']);
      output += one.output;
      const passed = Number(/Passed: (\d+)\/(\d+), (\d+) failed/.exec(one.output)?.[1] ?? 0);
      const failed = Number(/Passed: (\d+)\/(\d+), (\d+) failed/.exec(one.output)?.[3] ?? 1);
      results.push({ scenario, passed, failed: passed === 0 ? Math.max(failed, 1) : failed });
    }
    if (results.length !== 23 || failures(results).length > 0) console.log(output);
    expect(failures(results)).toEqual([]);
    expect(results.length).toBe(23);
  });
});
