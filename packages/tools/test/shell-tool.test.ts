import 'reflect-metadata';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScriptedModel } from '@toolcraft/testing';
import { Agent, type RunResult } from '@toolcraft/core';
import { InvalidToolsetOptionsError, ShellTool } from '@toolcraft/tools';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'toolcraft-shell-'));
  mkdirSync(join(dir, 'sub'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the commands, one per model turn, with the tool allowed to run without approval. */
async function runCommands(
  tool: ShellTool,
  commands: string[],
  options: { sessionState?: Record<string, unknown> } = {},
): Promise<RunResult> {
  const model = new ScriptedModel([
    ...commands.map((command, index) => ({ toolCalls: [{ id: `c${index}`, name: 'shell', arguments: { command } }] })),
    { text: 'done' },
  ]);
  return new Agent({ model, tools: [tool], maxDurationMs: 30_000 }).run('run them', { state: options.sessionState ?? {} });
}

/** Whether a process still runs: a zombie (killed, not yet reaped by a PID 1 that may never reap) does not. */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Waits until the process no longer runs (the kernel delivers SIGKILL asynchronously), at most two seconds. */
async function ended(pid: number): Promise<boolean> {
  const until = Date.now() + 2_000;
  while (isAlive(pid) && Date.now() < until) await new Promise((resolve) => setImmediate(resolve));
  return !isAlive(pid);
}

describe('ShellTool', () => {
  it('tells the model the exit code, stdout and stderr', async () => {
    const run = await runCommands(new ShellTool({ cwd: dir, acknowledgeUnsafe: true }), ['echo out; echo err >&2; exit 3']);
    expect(run.toolCalls[0]!.result).toMatchObject({ isError: false, content: 'exit code: 3\nstdout:\nout\nstderr:\nerr' });
  });

  it('is destructive and waits for approval unless acknowledgeUnsafe', async () => {
    const shell = new ShellTool({ cwd: dir });
    expect(shell.effects).toBe('destructive');
    const run = await runCommands(shell, ['touch made']);
    expect(run.stopReason).toBe('interrupted');
    expect(run.interruptions[0]).toMatchObject({ kind: 'approval', toolName: 'shell' });
  });

  it('kills the whole process group at the time limit, a command ignoring SIGTERM and its children included', async () => {
    const shell = new ShellTool({ cwd: dir, timeoutMs: 300, acknowledgeUnsafe: true });
    const run = await runCommands(shell, ["trap '' TERM; sleep 30 & echo child $!; wait"]);
    const result = run.toolCalls[0]!.result;
    expect(result.isError).toBe(true);
    expect(result.content).toContain('ran past its 300 ms limit; its process group was killed');
    const pid = Number(/child (\d+)/.exec(result.content)![1]);
    expect(await ended(pid)).toBe(true);
    expect(run.text).toBe('done');
  });

  it('bounds the output of a command printing 50 MB, keeping its head and tail', async () => {
    const shell = new ShellTool({ cwd: dir, maxOutputChars: 1_000, acknowledgeUnsafe: true });
    const run = await runCommands(shell, ["echo START; head -c 50000000 /dev/zero | tr '\\0' a; echo; echo END"]);
    const { content } = run.toolCalls[0]!.result;
    expect(content.length).toBeLessThan(1_200);
    expect(content).toContain('START');
    expect(content).toContain('END');
    expect(content).toMatch(/\[\.\.\. \d+ characters left out \.\.\.\]/);
  });

  it('in persistent mode keeps the working directory and exported variables between commands', async () => {
    const shell = new ShellTool({ mode: 'persistent', cwd: dir, acknowledgeUnsafe: true, env: { PATH: process.env.PATH, SECRET: 's3' } });
    const run = await runCommands(shell, ['cd sub && export GREETING=hello', 'pwd; echo "$GREETING"']);
    expect(run.toolCalls[1]!.result.content).toBe(`exit code: 0\nstdout:\n${join(dir, 'sub')}\nhello`);
    const kept = JSON.stringify(run.stateDelta);
    expect(kept).toContain('GREETING');
    expect(kept).not.toContain('SECRET');
  });

  it('in stateless mode starts every command afresh in cwd', async () => {
    const run = await runCommands(new ShellTool({ cwd: dir, acknowledgeUnsafe: true }), ['cd sub; export X=1', 'pwd; echo "[$X]"']);
    expect(run.toolCalls[1]!.result.content).toBe(`exit code: 0\nstdout:\n${dir}\n[]`);
  });

  it('answers when the command ends though a background job holds its output, and kills the job', async () => {
    const shell = new ShellTool({ cwd: dir, timeoutMs: 20_000, acknowledgeUnsafe: true });
    const run = await runCommands(shell, ['sleep 60 & echo started $!']);
    const result = run.toolCalls[0]!.result;
    expect(result.isError).toBe(false);
    expect(result.content).toMatch(/^exit code: 0\nstdout:\nstarted \d+$/);
    expect(await ended(Number(/started (\d+)/.exec(result.content)![1]))).toBe(true);
  });

  it('settles at the end and at the time limit though a process that left the group (setsid) holds the pipes', async () => {
    const escaped: number[] = [];
    try {
      const shell = new ShellTool({ cwd: dir, timeoutMs: 2_000, acknowledgeUnsafe: true });
      // The escaped process writes its pid once it is in its own session; the command waits for that.
      const escape = (file: string) =>
        `setsid bash -c 'echo $$ > ${file}.tmp; mv ${file}.tmp ${file}; exec sleep 60' & until [ -s ${file} ]; do :; done; cat ${file}`;
      const run = await runCommands(shell, [escape('a'), `${escape('b')}; sleep 30`]);
      const [done, timedOut] = run.toolCalls.map((call) => call.result);
      expect(done!.content).toMatch(/^exit code: 0\nstdout:\n\d+$/);
      expect(timedOut!.content).toContain('ran past its 2000 ms limit; its process group was killed');
      for (const file of ['a', 'b']) escaped.push(Number(readFileSync(join(dir, file), 'utf8')));
      expect(escaped.every(isAlive)).toBe(true);
    } finally {
      for (const pid of escaped) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
  });

  it('in persistent mode keeps the folder a command moved to before it called exit, and its exit code', async () => {
    const shell = new ShellTool({ mode: 'persistent', cwd: dir, acknowledgeUnsafe: true });
    const run = await runCommands(shell, ['cd sub && export A=1 && exit 3', 'pwd; echo "$A"']);
    expect(run.toolCalls[0]!.result.content).toBe('exit code: 3\n(no output)');
    expect(run.toolCalls[1]!.result.content).toBe(`exit code: 0\nstdout:\n${join(dir, 'sub')}\n1`);
  });

  it("in persistent mode runs in the tool's folder when the session's folder is gone, and tells the model", async () => {
    const shell = new ShellTool({ mode: 'persistent', cwd: dir, acknowledgeUnsafe: true });
    const gone = join(dir, 'gone');
    const run = await runCommands(shell, ['pwd', 'pwd'], { sessionState: { 'toolcraft.shell.shell': { cwd: gone, exports: [] } } });
    expect(run.toolCalls[0]!.result.content).toBe(
      `note: the working directory ${gone} no longer exists; the command ran in ${dir}.\nexit code: 0\nstdout:\n${dir}`,
    );
    expect(run.toolCalls[1]!.result.content).toBe(`exit code: 0\nstdout:\n${dir}`);
    const missing = await runCommands(new ShellTool({ cwd: gone, acknowledgeUnsafe: true }), ['pwd']);
    expect(missing.toolCalls[0]!.result.content).toContain(`The shell's working directory ${gone} does not exist`);
    const noShell = await runCommands(new ShellTool({ cwd: dir, shell: join(dir, 'no-such-shell'), acknowledgeUnsafe: true }), ['pwd']);
    expect(noShell.toolCalls[0]!.result.content).toContain(`The shell ${join(dir, 'no-such-shell')} was not found`);
  });

  it('its context provider tells the model the shell, the working directory and tool versions', async () => {
    const shell = new ShellTool({ cwd: dir, acknowledgeUnsafe: true });
    const model = new ScriptedModel([{ text: 'ok' }]);
    await new Agent({ model, tools: [shell], contextProviders: [shell.contextProvider] }).run('where am I?');
    const system = model.requests[0]!.messages[0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain('/bin/bash');
    expect(system.content).toContain(`The working directory is ${dir}.`);
    expect(system.content).toMatch(/node \d+\.\d+/);
  });

  it('is cancelled with the call: an aborted run kills the command', async () => {
    const shell = new ShellTool({ cwd: dir, acknowledgeUnsafe: true });
    const controller = new AbortController();
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'shell', arguments: { command: 'sleep 30' } }] }, { text: 'x' }]);
    const stream = new Agent({ model, tools: [shell] }).stream('x', { signal: controller.signal });
    for await (const event of stream) if (event.type === 'tool_call_started') controller.abort();
    const run = await stream.result;
    expect(run.stopReason).toBe('aborted');
  });

  it('refuses impossible options, and a shell other than bash in persistent mode', () => {
    expect(() => new ShellTool({ mode: 'sticky' as never })).toThrow(InvalidToolsetOptionsError);
    expect(() => new ShellTool({ timeoutMs: 0 })).toThrow("option 'timeoutMs' must be a whole number of at least 1");
    expect(() => new ShellTool({ mode: 'persistent', shell: '/bin/sh' })).toThrow(
      "ShellTool: option 'shell' must be bash (a path whose file name is 'bash') in mode 'persistent', but was '/bin/sh'.",
    );
    expect(() => new ShellTool({ mode: 'persistent', shell: '/usr/local/bin/bash' })).not.toThrow();
  });
});
