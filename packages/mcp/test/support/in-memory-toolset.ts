import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpToolset, type McpToolsetOptions } from '@toolcraft/mcp';

/**
 * An `McpToolset` importing a server of this process over the SDK's in-memory transport: each
 * connection links a fresh pair and connects the server to its end.
 * @param server - the server (a toolcraft `createMcpServer` or one written on the SDK)
 * @param options - toolset options; the name defaults to `'in-memory'`
 * @returns the toolset (close it after the test)
 */
export function inMemoryToolset(server: Server, options: McpToolsetOptions = {}): McpToolset {
  return McpToolset.fromTransport(
    () => {
      const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
      void server.connect(serverTransport);
      return clientTransport;
    },
    { name: 'in-memory', ...options },
  );
}
