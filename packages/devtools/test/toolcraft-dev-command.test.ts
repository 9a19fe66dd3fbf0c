import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';

jest.setTimeout(60_000);

const repository = join(__dirname, '..', '..', '..');
const tsx = join(dirname(require.resolve('tsx/package.json')), 'dist', 'cli.mjs');

/** Starts `toolcraft-dev` from its TypeScript source (through tsx), as `npx toolcraft-dev <module> ...` runs it built. */
function toolcraftDev(...args: string[]): {
  child: ChildProcess;
  output: Promise<{ code: number | null; stdout: string; stderr: string }>;
  firstLine: Promise<string>;
} {
  const child = spawn(process.execPath, [tsx, 'packages/devtools/src/cli/cli.ts', ...args], {
    cwd: repository,
    env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.check.json' },
  });
  let stdout = '';
  let stderr = '';
  let announce: (line: string) => void = () => undefined;
  const firstLine = new Promise<string>((resolve) => (announce = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (stdout.includes('\n')) announce(stdout.split('\n')[0]!);
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const output = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => {
      announce(stdout);
      resolve({ code, stdout, stderr });
    }),
  );
  return { child, output, firstLine };
}

describe('toolcraft-dev', () => {
  it('serves the agent a module exports, on 127.0.0.1, and stops on SIGTERM', async () => {
    const dev = toolcraftDev('packages/devtools/test/fixtures/agent-module.ts', '--port', '0');
    const line = await dev.firstLine;
    const url = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(line)?.[1];
    expect(line).toContain("agent 'banker'");
    if (url === undefined) throw new Error(`no URL in ${line}: ${(await dev.output).stderr}`);
    const described = (await (await fetch(`${url}api/agent`)).json()) as { tools: Array<{ name: string }> };
    expect(described.tools.map((tool) => tool.name)).toEqual(['convert', 'transfer', 'balance']);
    dev.child.kill('SIGTERM');
    expect((await dev.output).code).toBe(0);
  });

  it('says what a module exports when none is an agent or a registry, and exits 1', async () => {
    const { code, stderr } = await toolcraftDev('packages/devtools/test/fixtures/no-agent-module.ts').output;
    expect(code).toBe(1);
    expect(stderr).toContain('exports no Agent or ToolRegistry (its exports: answer, helper)');
  });

  it('refuses a port that is not a number', async () => {
    const { code, stderr } = await toolcraftDev('x.js', '--port', 'eighty').output;
    expect(code).toBe(1);
    expect(stderr).toContain('--port should be a port number');
  });
});
