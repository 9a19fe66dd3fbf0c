import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpToolset, type McpStdioToolsetOptions, type McpToolsetWarning } from '@toolcraft/mcp';

/** The fixture server written on the SDK alone (test/fixtures/fixture-server.js), imported over stdio. */
export function fixtureToolset(options: Partial<McpStdioToolsetOptions> & { bad?: boolean } = {}): {
  toolset: McpToolset;
  warnings: McpToolsetWarning[];
  pids: () => number[];
  cleanup: () => void;
} {
  const folder = mkdtempSync(join(tmpdir(), 'toolcraft-mcp-'));
  const pidFile = join(folder, 'pids');
  const warnings: McpToolsetWarning[] = [];
  const { bad, ...rest } = options;
  const toolset = McpToolset.stdio({
    command: process.execPath,
    args: [join(__dirname, '..', 'fixtures', 'fixture-server.js'), ...(bad ? ['bad'] : [])],
    env: { FIXTURE_PID_FILE: pidFile },
    cwd: join(__dirname, '..', '..'),
    stderr: 'ignore',
    onWarning: (warning) => warnings.push(warning),
    ...rest,
  });
  const pids = () => {
    try {
      return readFileSync(pidFile, 'utf8').trim().split('\n').map(Number);
    } catch {
      return [];
    }
  };
  return { toolset, warnings, pids, cleanup: () => rmSync(folder, { recursive: true, force: true }) };
}

/** Whether a process is still running. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until a condition holds (polling), failing the test by its own timeout otherwise. */
export async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
