import 'reflect-metadata';
import { createServer, type Server } from 'node:http';
import { createMcpHttpHandler } from '@toolcraft/mcp';
import { Notebook } from './notes-service.js';

/**
 * Serves a {@link Notebook} (its `@Resource`, `@Prompt` and `@Tool` methods) over Streamable HTTP on
 * 127.0.0.1: `resources/list` names every note, `resources/read` reads one, `prompts/get` builds the
 * summary prompt, `tools/call` adds a note.
 * @param port - the port; 0 picks a free one
 * @returns the listening server and its MCP endpoint
 */
export async function startNotesServer(port: number): Promise<{ server: Server; url: URL }> {
  const handler = createMcpHttpHandler([new Notebook()], { name: 'notebook', version: '0.1.0' });
  const server = createServer((request, response) => void handler(request, response));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, url: new URL(`http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`) };
}

// `node examples/dist/cjs/mcp/notes-server.js` serves http://localhost:3001/mcp (PORT to change it).
if (require.main === module) {
  startNotesServer(Number(process.env.PORT ?? 3001))
    .then(({ url }) => console.log(`Notebook MCP server on ${url.href}`))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
