import { join } from 'node:path';
import { longRunningJobId } from '@toolcraft/bullmq';
import { spawnDemoProcess } from '../src/scale-out/long-running/demo-process.js';
import { runLongRunningDemo } from '../src/scale-out/long-running/long-running-demo.js';

const root = join(__dirname, '..', '..');
const redisUrl = process.env.TOOLCRAFT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('a long-running tool on BullMQ across processes, with a crash', () => {
  it('A starts the run, B runs the job, A is killed mid-run, C recovers the run from Redis and finishes it; the body ran once', async () => {
    const log: string[] = [];
    const summary = await runLongRunningDemo(
      (script, args, environment) =>
        // tsx loaded in the process itself (not its CLI's second process), so a kill reaches the script.
        spawnDemoProcess(
          ['--import', 'tsx', `examples/src/scale-out/long-running/${script}.ts`, ...args],
          { ...environment, TSX_TSCONFIG_PATH: 'tsconfig.check.json' },
          root,
        ),
      (line) => log.push(line),
      redisUrl,
    );
    expect(summary).toEqual({
      runId: expect.any(String),
      ticket: longRunningJobId(`${summary.runId}:call_report`),
      finalText: 'Here it is. The report "Tides of the North Sea" is ready: 3 pages.',
      bodyRuns: 1,
      jobs: 1,
      checkpointStatus: 'completed',
    });
    expect(log).toEqual([
      'B: the worker is waiting for jobs',
      `A: started run ${summary.runId}`,
      `B: started ${summary.runId}:call_report (body run 1)`,
      'A: killed mid-run (SIGKILL), while its model was answering',
      'C: recovered completed pending call_report',
      'B: the job may finish now',
      `C: the run finished: ${summary.finalText}`,
      "the tool's body ran 1 time(s); the queue holds 1 job(s)",
    ]);
  }, 60_000);
});
