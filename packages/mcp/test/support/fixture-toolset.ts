import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpToolset, type McpStdioToolsetOptions, type McpToolsetWarning } from '@toolcraft/mcp';

/**
 * A fixture server imported over stdio: `test/fixtures/fixture-server.js` (written on the SDK alone),
 * or `silent-server.js` (never answers). `pids()` are the processes started, `log()` what the fixture
 * server logged (cancellations it received).
 */
export function fixtureToolset(
  options: Partial<McpStdioToolsetOptions> & {
    bad?: boolean;
    script?: 'fixture-server.js' | 'silent-server.js';
    serverArgs?: string[];
  } = {},
): {
  toolset: McpToolset;
  warnings: McpToolsetWarning[];
  pids: () => number[];
  log: () => string[];
  cleanup: () => void;
} {
  const folder = mkdtempSync(join(tmpdir(), 'toolcraft-mcp-'));
  const pidFile = join(folder, 'pids');
  const logFile = join(folder, 'log');
  const warnings: McpToolsetWarning[] = [];
  const { bad, script = 'fixture-server.js', serverArgs = [], ...rest } = options;
  const toolset = McpToolset.stdio({
    command: process.execPath,
    args: [join(__dirname, '..', 'fixtures', script), ...(bad ? ['bad'] : []), ...serverArgs],
    env: { FIXTURE_PID_FILE: pidFile, FIXTURE_LOG_FILE: logFile },
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
  const log = () => {
    try {
      return readFileSync(logFile, 'utf8').trim().split('\n');
    } catch {
      return [];
    }
  };
  return { toolset, warnings, pids, log, cleanup: () => rmSync(folder, { recursive: true, force: true }) };
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

/**
 * Waits until a condition on another process (its pid or log file) holds, polling every 5 ms: a child
 * process sends no event a test can await. Fails after `timeoutMs`, saying which condition it waited for.
 */
export async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const endsAt = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > endsAt) throw new Error(`waitFor: still not true after ${timeoutMs} ms: ${condition.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
