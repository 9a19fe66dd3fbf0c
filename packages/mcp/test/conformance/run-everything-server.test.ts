// Not a test of its own: `CONFORMANCE_SERVER_PORT=3917 npx jest packages/mcp/test/conformance/run-everything-server --selectProjects mcp`
// keeps the conformance server listening (until killed), to run `npx conformance server --url http://localhost:3917/mcp` by hand.
import { createServer } from 'node:http';
import { everythingHandler } from './everything-server';

const port = Number(process.env.CONFORMANCE_SERVER_PORT ?? 0);
(port > 0 ? it : it.skip)('serves the conformance server until killed', async () => {
  const handler = everythingHandler();
  createServer((request, response) => void handler(request, response)).listen(port, '127.0.0.1');
  await new Promise(() => undefined);
}, 2_147_483_647);
