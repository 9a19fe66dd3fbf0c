import 'reflect-metadata';
import { AgentEnvironment, ToolRegistry, type ReceivedToolResult, type ToolSchemaManifest } from '@toolcraft/core';
import { loadSupportDeskManifest } from './load-manifest.js';
import { SupportDesk } from './support-desk.js';

/**
 * Registers the support desk with its build-time schema manifest and executes a few tool
 * calls the way a model would send them, printing each result.
 * @param log - where to print
 * @param manifest - the manifest; the committed one by default
 * @returns the results, for tests
 */
export async function runSchemaManifestExample(
  log: (line: string) => void = console.log,
  manifest: ToolSchemaManifest = loadSupportDeskManifest(),
): Promise<ReceivedToolResult[]> {
  const registry = ToolRegistry.builder().schemas(manifest).tools(new SupportDesk()).build();
  const env = new AgentEnvironment({ registry });
  for (const tool of registry.tools) log(`${tool.name}: ${JSON.stringify(tool.inputSchema)}`);
  const results = await env.executeTools(
    [
      {
        id: 'call_1',
        name: 'open_ticket',
        arguments: JSON.stringify({
          title: 'Cannot log in',
          priority: 'urgent',
          contact: { email: 'ada@example.com', name: 'Ada' },
          tags: ['auth'],
        }),
      },
      {
        id: 'call_2',
        name: 'open_ticket',
        arguments: JSON.stringify({ title: 'Typo on the pricing page', priority: 'low', contact: { email: 'alan@example.com' } }),
      },
      {
        id: 'call_3',
        name: 'open_ticket',
        arguments: JSON.stringify({ title: 'Refund', priority: 'asap', contact: { email: 'not-an-email' } }),
      },
    ],
    { 'user.id': 'agent-user-42' },
  );
  results.push(await env.executeTool({ id: 'call_4', name: 'list_tickets', arguments: '{"limit":1}' }));
  for (const result of results) log(`${result.id} ${result.name} ${result.isError ? 'ERROR' : 'ok'}: ${result.content}`);
  return results;
}

if (require.main === module) void runSchemaManifestExample();
