import 'reflect-metadata';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { FileCheckpointStore } from '@toolcraft/core';
import { ScriptedModel } from '@toolcraft/testing';
import { reimbursementScript, runReimbursement } from '../src/pausing/reimbursement.js';
import { runUserLocation, userLocationScript } from '../src/pausing/user-location.js';

const root = join(__dirname, '..', '..');
const tsx = join(dirname(require.resolve('tsx/package.json')), 'dist', 'cli.mjs');

/** Runs an example script in its own Node process (through tsx), with OPENAI_API_KEY unset so it stays offline. */
function start(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): {
  child: ChildProcess;
  output: () => string;
  printed: (pattern: RegExp) => Promise<RegExpExecArray>;
  exited: Promise<number | null>;
} {
  const { OPENAI_API_KEY: _key, ...rest } = process.env;
  const child = spawn(process.execPath, [tsx, script, ...args], {
    cwd: root,
    env: { ...rest, ...env, TSX_TSCONFIG_PATH: 'tsconfig.check.json' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: tsx runs the script in a child process, and a crash must kill both.
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  /** Settles when the output matches (checked on each chunk it prints); rejects if the process exits first. */
  const printed = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(output);
        if (match === null) return;
        child.stdout!.off('data', check);
        child.stderr!.off('data', check);
        resolve(match);
      };
      child.stdout!.on('data', check);
      child.stderr!.on('data', check);
      check();
      void exited.then(() => reject(new Error(`the process exited without printing ${pattern}:\n${output}`)));
    });
  return { child, output: () => output, printed, exited };
}

/** Polls a condition on another process's files (no event tells it) every 50 ms, at most `timeoutMs`. */
async function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = 30_000): Promise<T> {
  const endsAt = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > endsAt) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('pausable runs, as users run them', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'toolcraft-pausing-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('deletes files only after approval, resumed from a JSON file in a second process', async () => {
    const folder = join(dir, 'work');
    await mkdir(folder);
    for (const name of ['app.log', 'old.log', 'notes.md']) await writeFile(join(folder, name), name);
    const stateFile = join(dir, 'state.json');

    const first = start('examples/src/pausing/approve-deletes.ts', ['start', folder, stateFile]);
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('waiting for approval: delete_file {"name":"app.log"}');
    expect(first.output()).toContain('waiting for approval: delete_file {"name":"old.log"}');
    expect((await readdir(folder)).sort()).toEqual(['app.log', 'notes.md', 'old.log']);

    const second = start('examples/src/pausing/approve-deletes.ts', ['resume', folder, stateFile, 'approve']);
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain('completed: Done: deleted app.log; deleted old.log.');
    expect(await readdir(folder)).toEqual(['notes.md']);
  }, 60_000);

  it('delivers the final result of a long-running reimbursement later', async () => {
    const lines: string[] = [];
    const model = new ScriptedModel(reimbursementScript);
    const [first, done] = await runReimbursement(model, (line) => lines.push(line));
    expect(first.pending).toHaveLength(1);
    expect(JSON.parse(first.pending[0]!.initialResult)).toEqual({ status: 'pending', ticket: 'reimbursement-1', approver: 'manager' });
    expect(done.pending).toEqual([]);
    expect(done.text).toBe('Your manager approved the 120 EUR for the train to Lyon.');
    expect(model.requests[2]!.messages.at(-1)!.content).toContain('{"status":"approved","approvedBy":"manager"}');
  });

  it('lets the host answer a declaration-only get_user_location', async () => {
    const model = new ScriptedModel(userLocationScript);
    const done = await runUserLocation(model, () => undefined);
    expect(done.toolCalls[0]!.result.content).toBe('{"city":"Lyon","country":"FR"}');
    expect(done.text).toMatch(/Lyon/);
  });

  it('recovers a run whose process was killed mid-batch: the recorded call is not run again, the idempotent one is, with the same key', async () => {
    const crashed = start('examples/src/pausing/crash-recovery.ts', ['start', dir], { HANG: '1' });
    // The whole line (up to its newline): a chunk may end in the middle of the id.
    const runId = (await crashed.printed(/send_invoice started in run (\S+)\r?\n/))[1]!;
    const store = new FileCheckpointStore(join(dir, 'checkpoints'));
    // Kill it once the checkpoint has recorded the first call's result (saved as it arrived).
    await until(async () => {
      const checkpoint = await store.load(runId);
      const batch = checkpoint?.checkpoint.batch as Array<{ result?: unknown }> | undefined;
      return batch?.[0]?.result !== undefined ? true : undefined;
    }, 'the checkpoint of the first result');
    process.kill(-crashed.child.pid!, 'SIGKILL');
    await crashed.exited;

    const recovered = start('examples/src/pausing/crash-recovery.ts', ['recover', dir, runId]);
    // The output says why, should it fail (a killed owner left as a zombie once made this RunInProgressError).
    expect({ exit: await recovered.exited, output: recovered.output() }).toMatchObject({ exit: 0 });
    expect(recovered.output()).toContain('completed: Done: order A-17 recorded, invoice for A-17 sent.');
    const ledger = (await readFile(join(dir, 'ledger.txt'), 'utf8')).trim().split('\n');
    expect(ledger).toEqual(['record_order A-17', `send_invoice A-17 key=${runId}:invoice`, `send_invoice A-17 key=${runId}:invoice`]);
  }, 60_000);
});
