import { defaultDevtoolsPort, serveDevtools } from '../serve-devtools.js';
import { loadDevTarget } from './load-dev-target.js';

const usage = `Usage: toolcraft-dev <module.js> [--port <port>] [--export <name>]

Serves the dev UI of the Agent (or ToolRegistry) the module exports, on http://127.0.0.1:<port>/ (${defaultDevtoolsPort} by default).`;

function parse(args: readonly string[]): { module: string; port: number; exportName?: string } {
  let module: string | undefined;
  let port = defaultDevtoolsPort;
  let exportName: string | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === '--port') {
      port = Number(args[(index += 1)]);
      if (!Number.isInteger(port) || port < 0 || port > 65_535)
        throw new Error(`--port should be a port number (0 to 65535), got ${String(args[index])}.`);
    } else if (arg === '--export') exportName = args[(index += 1)];
    else if (arg === '--help' || arg === '-h') {
      console.log(usage);
      process.exit(0);
    } else if (module === undefined) module = arg;
    else throw new Error(`unexpected argument ${arg}.\n${usage}`);
  }
  if (module === undefined) throw new Error(usage);
  return { module, port, ...(exportName === undefined ? {} : { exportName }) };
}

async function main(): Promise<void> {
  const options = parse(process.argv.slice(2));
  const target = await loadDevTarget(options.module, options.exportName);
  const devtools = await serveDevtools({ ...target, port: options.port });
  console.log(`toolcraft dev UI for ${target.agent === undefined ? 'a tool registry' : `agent '${target.agent.name}'`}: ${devtools.url}`);
  const stop = () => void devtools.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
