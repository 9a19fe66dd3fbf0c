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

jest.setTimeout(600_000);

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
    // The OAuth scenarios (the suites auth, backcompat and extensions) in parallel; the others one by one
    // (sse-retry times the client's reconnection, which a busy machine would delay).
    const results: ScenarioResult[] = [];
    let output = '';
    for (const suite of ['auth', 'backcompat', 'extensions']) {
      const run = await conformance(['client', '--command', client, '--suite', suite, '--timeout', '90000']);
      results.push(...run.results);
      output += run.output;
    }
    for (const scenario of ['initialize', 'tools_call', 'elicitation-sep1034-client-defaults', 'sse-retry']) {
      const one = await conformance(['client', '--command', client, '--scenario', scenario, '--timeout', '60000']);
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
