import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { agentTurnCases } from './cases/agent-turns';
import { allocationPerCall, type Allocation } from './measure';

/** Runs of a case before its heap is measured: the steady state a process serving it reaches. */
const warmupRuns = 20_000;

/** Invocations per measurement window, and windows. */
const windowIterations = 100;
const windows = 40;

/**
 * Measures the heap per turn of one agent-turn case in this process, which runs it alone: warmed by
 * {@link warmupRuns} runs, then measured as `allocationPerCall` does. What a turn allocates depends on
 * what the optimizing compiler made of the code (objects it removed, calls it inlined), and that
 * depends on what else the process ran before: measured in the main process after every other case,
 * the same case gives 4.7 KB in one run of the bench and 5.4 KB in the next.
 * @param key - the case's key
 * @returns its allocation per turn
 */
async function measureAlone(key: string): Promise<Allocation> {
  const benchCase = agentTurnCases().find((candidate) => candidate.key === key);
  if (benchCase === undefined) throw new Error(`no agent-turn case '${key}'`);
  for (let run = 0; run < warmupRuns; run++) await benchCase.run();
  return allocationPerCall(benchCase.run, benchCase.callsPerRun, windowIterations, windows);
}

/**
 * The heap per turn of each case, each measured in a process of its own (see {@link measureAlone}).
 * @param keys - the cases' keys
 * @returns bytes per turn, by key
 */
export async function turnHeapInChildren(keys: readonly string[]): Promise<Map<string, Allocation>> {
  const measured = new Map<string, Allocation>();
  for (const key of keys) {
    const output = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ['--expose-gc', __filename, key], { maxBuffer: 1 << 20 }, (error, stdout, stderr) =>
        error === null ? resolve(stdout) : reject(new Error(`measuring the heap of (${key}) failed: ${stderr || error.message}`)),
      ),
    );
    measured.set(key, JSON.parse(output) as Allocation);
  }
  return measured;
}

if (require.main === module) {
  measureAlone(process.argv[2] ?? '').then(
    (allocation) => process.stdout.write(JSON.stringify(allocation)),
    (error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
