import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { AgentEnvironment, Tool, ToolRegistry, type JsonSchema } from '@toolcraft/core';
import { createMcpServer, McpToolset } from '@toolcraft/mcp';
import { z } from 'zod';
import { CalculatorTool, validCall } from './calculator';
import { handWrittenCalculator } from './hand-written';
import type { BenchCase, Timing } from '../measure';
import { timedRow, type ResultRow } from '../report';

const call = { name: 'calculator', arguments: { digit1: 3, digit2: 4 } };
const digit = z.number().int().min(0).max(9).describe('A digit (0-9)');

/**
 * A client transport that answers the client's requests itself, as a server would but with nothing
 * in between: with it, (mc) times the SDK `Client` alone (its request bookkeeping, timers and zod
 * parsing of the result), the part of every round trip no server can remove.
 */
class ResponderTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  async start(): Promise<void> {}
  async close(): Promise<void> {
    this.onclose?.();
  }
  async send(message: JSONRPCMessage): Promise<void> {
    if (!('id' in message) || !('method' in message)) return;
    const params = message.params as { protocolVersion?: string; arguments?: { digit1: number; digit2: number } } | undefined;
    let result: Record<string, unknown> = {};
    if (message.method === 'initialize')
      result = {
        protocolVersion: params?.protocolVersion,
        capabilities: { tools: {} },
        serverInfo: { name: 'responder', version: '1.0.0' },
      };
    else if (message.method === 'tools/call')
      result = { content: [{ type: 'text', text: String(params!.arguments!.digit1 + params!.arguments!.digit2) }] };
    this.onmessage?.({ jsonrpc: '2.0', id: message.id, result });
  }
}

/**
 * What a user writes without `McpToolset`: the SDK's own `Client` wrapped by hand in a toolcraft
 * tool, its arguments checked against the server's JSON Schema (as `McpToolset` checks them), the
 * result's text returned. (mw), the baseline of (mi).
 */
class SdkClientTool extends Tool<Record<string, unknown>, string> {
  constructor(
    private readonly client: Client,
    inputSchema: JsonSchema,
  ) {
    super({ name: 'calculator', description: 'A simple calculator that can add two digits (0-9).', argsType: inputSchema });
  }

  async execute(args: Record<string, unknown>): Promise<string> {
    const result = await this.client.callTool({ name: 'calculator', arguments: args });
    return (result.content as Array<{ text: string }>).map((block) => block.text).join('\n');
  }
}

/** Connects the SDK's own `Client` to a server over the SDK's in-memory transport. */
async function connect(server: Server | McpServer): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return client;
}

/**
 * The MCP cases, one `tools/call` of the calculator each: (m0) the hand-written call, (me) the same
 * tool through an `AgentEnvironment` directly, (mc) the SDK `Client` alone, answered by its transport, (mb) the SDK `Client` and a bare SDK `Server` whose
 * handler adds the digits with no validation (the protocol's floor), (ms) the SDK's own `McpServer`
 * with the tool registered with zod, (m) toolcraft's `createMcpServer`, (mi) the tool imported with
 * `McpToolset` and called through an environment (client and server both toolcraft's), (mw) the
 * same through the SDK's `Client` wrapped by hand in a tool (what a user writes without `McpToolset`).
 * @returns the cases and a function closing their connections
 */
export async function mcpCases(): Promise<{ cases: BenchCase[]; close: () => Promise<void> }> {
  const environment = new AgentEnvironment({ registry: ToolRegistry.of(new CalculatorTool()) });
  const bare = new Server({ name: 'bare', version: '1.0.0' }, { capabilities: { tools: {} } });
  bare.fallbackRequestHandler = async (request) => {
    const { digit1, digit2 } = (request.params as { arguments: { digit1: number; digit2: number } }).arguments;
    return { content: [{ type: 'text', text: String(digit1 + digit2) }] };
  };
  const sdk = new McpServer({ name: 'sdk', version: '1.0.0' });
  sdk.registerTool(
    'calculator',
    { description: 'A simple calculator that can add two digits (0-9).', inputSchema: { digit1: digit, digit2: digit } },
    async ({ digit1, digit2 }) => ({ content: [{ type: 'text', text: String(digit1 + digit2) }] }),
  );
  const ours = createMcpServer([new CalculatorTool()], { name: 'toolcraft', version: '1.0.0' });
  const imported = McpToolset.fromTransport(
    () => {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      void createMcpServer([new CalculatorTool()], { name: 'toolcraft', version: '1.0.0' }).connect(serverSide);
      return clientSide;
    },
    { name: 'bench' },
  );
  const importedEnvironment = new AgentEnvironment({ registry: ToolRegistry.of(await imported.getTools()) });
  const responderClient = new Client({ name: 'bench', version: '1.0.0' });
  await responderClient.connect(new ResponderTransport());
  const clients = [
    ...(await Promise.all([
      connect(bare),
      connect(sdk),
      connect(ours),
      connect(createMcpServer([new CalculatorTool()], { name: 'toolcraft', version: '1.0.0' })),
    ])),
    responderClient,
  ];
  const [bareClient, sdkClient, ourClient, wrappedClient] = clients;
  const wrappedEnvironment = new AgentEnvironment({
    registry: ToolRegistry.of(new SdkClientTool(wrappedClient!, new CalculatorTool().inputSchema)),
  });
  const cases: BenchCase[] = [
    { key: 'm0', label: 'hand-written calculator call (parse, check, add)', run: () => handWrittenCalculator(validCall), callsPerRun: 1 },
    { key: 'me', label: 'the calculator through an AgentEnvironment, directly', run: () => environment.executeTool(call), callsPerRun: 1 },
    {
      key: 'mc',
      label: 'SDK Client alone -> a transport answering it directly (no server)',
      run: () => responderClient.callTool(call),
      callsPerRun: 1,
    },
    {
      key: 'mb',
      label: 'SDK Client -> bare SDK Server, no-op handler (in-memory; the protocol floor)',
      run: () => bareClient!.callTool(call),
      callsPerRun: 1,
    },
    {
      key: 'ms',
      label: "SDK Client -> the SDK's own McpServer, tool registered with zod (in-memory)",
      run: () => sdkClient!.callTool(call),
      callsPerRun: 1,
    },
    { key: 'm', label: 'SDK Client -> toolcraft createMcpServer (in-memory)', run: () => ourClient!.callTool(call), callsPerRun: 1 },
    {
      key: 'mi',
      label: 'McpToolset tool in an AgentEnvironment -> createMcpServer (in-memory)',
      run: () => importedEnvironment.executeTool(call),
      callsPerRun: 1,
    },
    {
      key: 'mw',
      label: "the SDK's Client wrapped by hand in a Tool in an AgentEnvironment -> createMcpServer (in-memory)",
      run: () => wrappedEnvironment.executeTool(call),
      callsPerRun: 1,
    },
  ];
  return { cases, close: async () => void (await Promise.all([...clients.map((client) => client.close()), imported.close()])) };
}

/**
 * Runs every MCP case once and checks it answers 7.
 * @param cases - the cases
 * @throws Error when a case answers otherwise
 */
export async function verifyMcpCases(cases: readonly BenchCase[]): Promise<void> {
  for (const benchCase of cases) {
    const answer = (await benchCase.run()) as { content?: unknown };
    const text = typeof answer.content === 'string' ? answer.content : (answer.content as Array<{ text?: string }> | undefined)?.[0]?.text;
    if (text !== '7') throw new Error(`MCP case ${benchCase.key} answered ${JSON.stringify(answer)}, not 7`);
  }
}

/** The target of (m): at most this times the SDK's own McpServer round trip (ms). */
export const mcpTarget = 0.5;

/**
 * The table rows of the MCP cases.
 * @param timings - timings of the cases
 * @returns the rows
 */
export function mcpRows(timings: Map<string, Timing>): ResultRow[] {
  const row = (key: string, label: string, baseline?: string, limit?: number): ResultRow =>
    timedRow(timings, key, label, { baseline, limit });
  const ratio = (key: string, baseline: string) => (timings.get(key)!.medianNs / timings.get(baseline)!.medianNs).toFixed(2);
  return [
    row('m0', 'MCP: hand-written calculator call (parse, check, add)'),
    row('me', 'MCP: the calculator through an AgentEnvironment, directly', 'm0'),
    row('mc', 'MCP: SDK Client alone, answered by its transport (no server: what no server can remove)', 'm0'),
    row('mb', 'MCP: SDK Client -> bare SDK Server, no-op handler, in-memory (the protocol floor)', 'm0'),
    row('ms', "MCP: SDK Client -> the SDK's own McpServer + zod, in-memory", 'm0'),
    row('m', `MCP: SDK Client -> createMcpServer, in-memory; vs (mb): ${ratio('m', 'mb')}x`, 'ms', mcpTarget),
    row('mw', "MCP: the SDK's Client wrapped by hand in a Tool via AgentEnvironment -> createMcpServer, in-memory", 'ms'),
    row('mi', `MCP: McpToolset tool via AgentEnvironment -> createMcpServer, in-memory; vs (mb): ${ratio('mi', 'mb')}x`, 'mw'),
  ];
}
