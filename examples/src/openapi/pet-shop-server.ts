import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A pet of the shop. */
interface Pet {
  id: number;
  name: string;
  tag: string | null;
}

/**
 * Reads a request's JSON body (at most 64 KB).
 * @param request - the request
 * @returns the parsed body
 */
async function readJson(request: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of request as AsyncIterable<Buffer>) {
    text += chunk.toString();
    if (text.length > 65_536) throw new Error('body too large');
  }
  return JSON.parse(text) as unknown;
}

/**
 * A local HTTP server answering the pet shop's spec (`/api/pets`, `/api/pets/{id}`), in memory.
 * @returns the running server and its base URL (`http://127.0.0.1:<port>/api`)
 */
export async function startPetShop(): Promise<{ server: Server; baseUrl: string }> {
  const pets: Pet[] = [{ id: 1, name: 'Rex', tag: 'dog' }];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const byId = /^\/api\/pets\/(\d+)$/.exec(url.pathname);
    if (url.pathname === '/api/pets' && request.method === 'GET')
      return send(200, pets.slice(0, Number(url.searchParams.get('limit') ?? pets.length)));
    if (url.pathname === '/api/pets' && request.method === 'POST') {
      readJson(request).then(
        (body) => {
          const { name, tag } = body as { name: string; tag?: string | null };
          const pet = { id: pets.length + 1, name, tag: tag ?? null };
          pets.push(pet);
          send(201, pet);
        },
        () => send(400, { message: 'the body is not JSON' }),
      );
      return;
    }
    if (byId !== null && request.method === 'GET') {
      const pet = pets.find((item) => item.id === Number(byId[1]));
      return pet === undefined ? send(404, { message: `no pet ${byId[1]}` }) : send(200, pet);
    }
    send(404, { message: `no route ${request.method} ${url.pathname}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api` };
}
