import 'reflect-metadata';
import { createServer, type Server } from 'node:http';
import { createMcpHttpHandler } from '@toolcraft/mcp';
import { exampleServerInfo, exampleTools } from './mcp-server.js';

/**
 * Serves the example tools over Streamable HTTP on 127.0.0.1 (stateless: every POST gets a fresh
 * server; Host and Origin are checked against DNS rebinding).
 * @param port - the port; 0 picks a free one
 * @returns the listening server
 */
export async function startExampleHttpServer(port: number): Promise<Server> {
  const handler = createMcpHttpHandler(exampleTools(), exampleServerInfo);
  const server = createServer((request, response) => void handler(request, response));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

// `node examples/dist/cjs/mcp/mcp-http-server.js` serves http://localhost:3000/mcp (PORT to change it).
if (require.main === module) {
  startExampleHttpServer(Number(process.env.PORT ?? 3000))
    .then((server) => console.log(`MCP server on http://localhost:${(server.address() as { port: number }).port}/mcp`))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
