import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { open, readFile, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Agent,
  FileCheckpointStore,
  FileSessionStore,
  InMemoryCheckpointStore,
  InMemorySessionStore,
  ToolRegistry,
  type ChatMessage,
  type ChatModel,
  contentText,
} from '@toolcraft/core';
import { ScriptedModel, type ScriptedTurn } from '@toolcraft/testing';
import { CalculatorTool } from './calculator';
import { handWrittenCalculator } from './hand-written';
import { pairedCpuRatio, type BenchCase, type Timing } from '../measure';
import { formatBytes, formatNs, timedRow, type ResultRow } from '../report';

/** Two turns per run: the model calls the calculator, then (seeing the result) answers. */
const turn: ScriptedTurn = (request) =>
  request.messages.at(-1)?.role === 'tool'
    ? { text: '3 + 4 = 7.' }
    : { toolCalls: [{ id: 'call_1', name: 'calculator', arguments: '{"digit1":3,"digit2":4}' }] };
const turnsPerRun = 2;
const question = 'What is 3 + 4?';

/** What every agent case must answer. */
export const expectedAnswer = '3 + 4 = 7.';

/** Where the file-session cases write; removed by {@link removeSessionFolders}. */
const folders: string[] = [];

/**
 * Case (t0): a hand-written agent loop over a hand-written scripted model, the baseline of a turn:
 * build the request, ask the model, run the tool calls by hand, append the messages, until an answer.
 */
async function handWrittenRun(history: ChatMessage[] = []): Promise<{ text: string; messages: ChatMessage[] }> {
  const messages: ChatMessage[] = [{ role: 'system', content: 'Be brief.' }, ...history, { role: 'user', content: question }];
  for (let turn = 0; ; turn++) {
    const reply = await scriptedReply(turn, messages.slice());
    messages.push(reply);
    if (!reply.toolCalls?.length) return { text: contentText(reply.content), messages };
    for (const call of reply.toolCalls) {
      const result = await handWrittenCalculator(call);
      messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content: result.content, isError: result.isError });
    }
  }
}

async function scriptedReply(turn: number, _messages: ChatMessage[]): Promise<ChatMessage & { role: 'assistant' }> {
  return turn === 0
    ? { role: 'assistant', content: null, toolCalls: [{ id: 'call_1', name: 'calculator', arguments: '{"digit1":3,"digit2":4}' }] }
    : { role: 'assistant', content: expectedAnswer };
}

/**
 * Case (tf0): the hand-written loop with a hand-written JSON file session: read the file (none yet),
 * run, write the messages to a temporary file, fsync, rename.
 */
async function handWrittenFileRun(dir: string, id: number): Promise<{ text: string }> {
  const path = join(dir, `${id}.json`);
  const history = await readFile(path, 'utf8').then(
    (text) => (JSON.parse(text) as { messages: ChatMessage[] }).messages,
    () => [],
  );
  const run = await handWrittenRun(history);
  const temporary = `${path}.tmp`;
  const handle = await open(temporary, 'w');
  await handle.writeFile(JSON.stringify({ messages: run.messages.slice(1) }));
  await handle.sync();
  await handle.close();
  await rename(temporary, path);
  return run;
}

/**
 * One agent over one `ScriptedModel` whose recorded requests are cleared after each run (they would pile up).
 * @param canPause - give the agent an approval predicate (that always answers no): every call could then wait for a person
 */
function scriptedAgent(canPause = false): { agent: Agent; model: ScriptedModel } {
  const model = new ScriptedModel([turn], { onExhausted: 'repeatLast' });
  const registry = ToolRegistry.of(new CalculatorTool());
  return {
    agent: new Agent({ model, registry, instructions: 'Be brief.', ...(canPause ? { approvals: () => false } : {}) }),
    model,
  };
}

/**
 * A run with checkpoints in a store, its checkpoint deleted after it (the store holds one, not every run's).
 * @param store - the checkpoint store
 * @returns the case's run
 */
function checkpointed(store: InMemoryCheckpointStore | FileCheckpointStore): () => Promise<unknown> {
  const { agent, model } = scriptedAgent();
  return async () => {
    const result = await agent.run(question, { checkpoints: store });
    model.requests.length = 0;
    await store.delete(result.runId);
    return result;
  };
}

/**
 * Case (tb): the run of (t) with a model as bare as the hand-written loop's (it answers from the
 * request's last message and records nothing): the framework's own cost, without ScriptedModel's
 * recording of every request (copies of its messages and tools, kept for assertions).
 */
function bareRun(): () => Promise<unknown> {
  const model: ChatModel = {
    complete: (request) =>
      Promise.resolve(
        request.messages.at(-1)?.role === 'tool'
          ? { message: { role: 'assistant', content: expectedAnswer } }
          : {
              message: {
                role: 'assistant',
                content: null,
                toolCalls: [{ id: 'call_1', name: 'calculator', arguments: '{"digit1":3,"digit2":4}' }],
              },
            },
      ),
  };
  const agent = new Agent({ model, registry: ToolRegistry.of(new CalculatorTool()), instructions: 'Be brief.' });
  return () => agent.run(question);
}

/** Case (tst): the run of (t) streamed, every event read, then its result. */
function streamed(): () => Promise<unknown> {
  const { agent, model } = scriptedAgent();
  return async () => {
    const stream = agent.stream(question);
    for await (const event of stream) void event;
    const result = await stream.result;
    model.requests.length = 0;
    return result;
  };
}

/** A streamed turn costs at most this many plain ones (`(tst)` against `(t)`). */
export const streamedTurnRatio = 1.5;

/** The cases whose heap per turn is measured and shown side by side. */
export const heapTurnKeys: readonly string[] = ['t0', 't', 'tb', 'tst', 'tp'];

/** The heap a turn of (t) may allocate, in bytes. */
export const turnHeapTarget = 5 * 1024;

/**
 * The agent-turn cases: (t0) hand-written loop, (t) `Agent` + `ScriptedModel`, (ts) the same with an
 * `InMemorySessionStore` session. Per turn (two turns per run); a fresh `ScriptedModel` and session per run.
 * @returns the cases
 */
export function agentTurnCases(): BenchCase[] {
  const sessions = new InMemorySessionStore();
  let sessionId = 0;
  const run = (withSession: boolean, canPause = false) => {
    const { agent, model } = scriptedAgent(canPause);
    return async () => {
      const key = { appName: 'bench', userId: 'u', sessionId: String(sessionId++) };
      const result = await agent.run(question, withSession ? { session: sessions.open(key) } : {});
      model.requests.length = 0;
      // Deleted after the run, so the store holds one session, not every run's (the heap would grow).
      if (withSession) await sessions.delete(key);
      return result;
    };
  };
  return [
    {
      key: 't0',
      label: 'hand-written agent loop + hand-written scripted model, per turn',
      run: () => handWrittenRun(),
      callsPerRun: turnsPerRun,
    },
    { key: 't', label: 'Agent + ScriptedModel (calculator call, then answer), per turn', run: run(false), callsPerRun: turnsPerRun },
    {
      key: 'tb',
      label: "the same run with a model as bare as (t0)'s (records nothing), per turn",
      run: bareRun(),
      callsPerRun: turnsPerRun,
    },
    { key: 'tst', label: 'the same run streamed (agent.stream, every event read), per turn', run: streamed(), callsPerRun: turnsPerRun },
    {
      key: 'tp',
      label: 'the same run with an approval predicate answering no (every call could pause, none does), per turn',
      run: run(false, true),
      callsPerRun: turnsPerRun,
    },
    {
      key: 'ts',
      label: 'the same run in an InMemorySessionStore session (load + append; deleted after), per turn',
      run: run(true),
      callsPerRun: turnsPerRun,
    },
    {
      key: 'tc',
      label: 'the same run with an InMemoryCheckpointStore (saves before, during and after the batch, and at the end), per turn',
      run: checkpointed(new InMemoryCheckpointStore()),
      callsPerRun: turnsPerRun,
    },
  ];
}

/**
 * The file-session cases, per run: (tf) `Agent` + `ScriptedModel` in a `FileSessionStore` session (a new
 * session per run: load, then append under the lock with fsync'd atomic writes of the session file),
 * (tf0) the hand-written loop with a hand-written JSON file (read, write, fsync, rename).
 * @returns the cases
 */
export function fileSessionCases(): BenchCase[] {
  const dir = mkdtempSync(join(tmpdir(), 'toolcraft-bench-sessions-'));
  folders.push(dir);
  const store = new FileSessionStore(join(dir, 'toolcraft'));
  const handDir = join(dir, 'hand');
  let id = 0;
  let handId = 0;
  const { agent, model } = scriptedAgent();
  mkdirSync(handDir, { recursive: true });
  return [
    {
      key: 'tcf',
      label: 'Agent + ScriptedModel with a FileCheckpointStore (each save: temp file, fsync, rename), per run',
      run: checkpointed(new FileCheckpointStore(join(dir, 'checkpoints'))),
      callsPerRun: 1,
    },
    {
      key: 'tf0',
      label: 'hand-written loop + JSON file session (read, write temp, fsync, rename), per run',
      run: () => handWrittenFileRun(handDir, handId++),
      callsPerRun: 1,
    },
    {
      key: 'tf',
      label: 'Agent + ScriptedModel in a FileSessionStore session (load; lock, fsync, rename), per run',
      run: async () => {
        const result = await agent.run(question, { session: store.open({ appName: 'bench', userId: 'u', sessionId: String(id++) }) });
        model.requests.length = 0;
        return result;
      },
      callsPerRun: 1,
    },
  ];
}

/** Removes the folders the file-session cases wrote. */
export function removeSessionFolders(): void {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
}

/**
 * Runs every agent case once and checks its answer.
 * @param cases - the cases
 * @throws Error when a case answers wrongly
 */
export async function verifyAgentCases(cases: readonly BenchCase[]): Promise<void> {
  for (const benchCase of cases) {
    const { text } = (await benchCase.run()) as { text?: unknown };
    if (text !== expectedAnswer)
      throw new Error(`case ${benchCase.key} answered ${JSON.stringify(text)}, not ${JSON.stringify(expectedAnswer)}`);
  }
}

/** Timing options of the file-session cases: each run writes and fsyncs files (milliseconds), so fewer, longer batches. */
export const fileTimingOptions = { rounds: 15, batchMs: 40, warmupMs: 300, warmupCalls: 30, minIterations: 3 };

/** Heap bytes per turn of (t0), (t) and (tst), side by side, when measured. */
function heapRows(heap: ReadonlyMap<string, { bytesPerCall: number }> | undefined): ResultRow[] {
  if (heap === undefined) return [];
  const bytes = (key: string) => heap.get(key)?.bytesPerCall ?? Number.NaN;
  return [
    { key: '(th0)', label: 'heap allocated per turn: the hand-written loop (t0)', value: formatBytes(bytes('t0')) },
    {
      key: '(th)',
      label: `heap allocated per turn: Agent + ScriptedModel (t), ${(bytes('t') / bytes('t0')).toFixed(1)}x (t0); a turn no tool of which can pause makes no batch`,
      value: formatBytes(bytes('t')),
      target: `< ${formatBytes(turnHeapTarget)}`,
      pass: bytes('t') < turnHeapTarget,
    },
    {
      key: '(thb)',
      label: `heap allocated per turn: the same with a bare model (tb), ${(bytes('tb') / bytes('t0')).toFixed(1)}x (t0): ScriptedModel's recording is ${formatBytes(bytes('t') - bytes('tb'))} of (th)`,
      value: formatBytes(bytes('tb')),
    },
    { key: '(thst)', label: 'heap allocated per turn: the same streamed (tst)', value: formatBytes(bytes('tst')) },
    {
      key: '(thp)',
      label: `heap allocated per turn: a run whose calls could pause (tp), against (th): ${formatBytes(bytes('tp') - bytes('t'))} of pause bookkeeping (the batch, approval checks) that (t) does not make`,
      value: formatBytes(bytes('tp')),
    },
  ];
}

/**
 * The agent-turn target: the overhead of one turn without a session, in ns, judged on the median CPU
 * time per turn (a run yields to the event loop between turns once it held it for 1 ms, so on a shared machine its wall time
 * also counts the wait for a core; both are shown).
 */
export const turnTargetNs = 20_000;

/**
 * The table rows of the agent cases.
 * @param turns - timings of (t0), (t), (ts), (tc)
 * @param files - timings of (tf0), (tf), (tcf)
 * @returns the rows
 */
export function agentTurnRows(
  turns: Map<string, Timing>,
  files: Map<string, Timing> | undefined,
  heap?: ReadonlyMap<string, { bytesPerCall: number }>,
): ResultRow[] {
  const row = (timings: Map<string, Timing>, key: string, label: string, baseline?: string): ResultRow =>
    timedRow(timings, key, label, { baseline });
  const turn = turns.get('t')!;
  return [...turnRows(turns, turn, row, heap), ...(files === undefined ? [] : fileRows(files, turn, row))];
}

type RowOf = (timings: Map<string, Timing>, key: string, label: string, baseline?: string) => ResultRow;

function turnRows(turns: Map<string, Timing>, turn: Timing, row: RowOf, heap?: ReadonlyMap<string, { bytesPerCall: number }>): ResultRow[] {
  return [
    row(turns, 't0', 'hand-written agent loop + hand-written scripted model, per turn'),
    {
      ...row(turns, 't', 'Agent + ScriptedModel (calculator call, then answer), per turn', 't0'),
      target: `< ${formatNs(turnTargetNs)} cpu`,
      pass: turn.cpuMedianNs < turnTargetNs,
    },
    streamedRow(turns, turn, row),
    row(turns, 'tb', "the same with a model as bare as (t0)'s (records nothing), per turn", 't0'),
    ...heapRows(heap),
    row(turns, 'tp', 'the same with an approval predicate answering no (every call could pause, none does), per turn', 't'),
    row(turns, 'ts', 'the same in an InMemorySessionStore session (load + append; deleted after), per turn', 't'),
    row(turns, 'tc', 'the same with an InMemoryCheckpointStore (before, during, after the batch, and at the end), per turn', 't'),
  ];
}

/** The (tst) row: its CPU against (t)'s, as a ratio of the medians and paired round by round (see {@link pairedCpuRatio}). */
function streamedRow(turns: Map<string, Timing>, turn: Timing, row: RowOf): ResultRow {
  const streamed = turns.get('tst')!;
  const plain = row(turns, 'tst', 'the same run streamed (agent.stream, every event read), per turn', 't');
  const paired = pairedCpuRatio(streamed, turn);
  return {
    ...plain,
    ratio: `${plain.ratio!} (cpu paired ${paired.toFixed(2)}x)`,
    target: `<= ${streamedTurnRatio}x (t) cpu`,
    pass: streamed.cpuMedianNs <= streamedTurnRatio * turn.cpuMedianNs,
  };
}

function fileRows(files: Map<string, Timing>, turn: Timing, row: RowOf): ResultRow[] {
  const session = files.get('tf')!.medianNs - 2 * turn.medianNs;
  return [
    row(files, 'tf0', 'hand-written loop + JSON file session (read, write temp, fsync, rename), per run'),
    row(files, 'tf', 'Agent + ScriptedModel in a FileSessionStore session (load; lock, fsync, rename), per run', 'tf0'),
    { key: '(tf-t)', label: 'cost of a file session per run: (tf) minus two turns of (t)', value: formatNs(session) },
    row(files, 'tcf', 'Agent + ScriptedModel with a FileCheckpointStore (4 saves: temp file, fsync, rename), per run', 'tf0'),
    {
      key: '(tcf-t)',
      label: 'cost of file checkpoints per run: (tcf) minus two turns of (t)',
      value: formatNs(files.get('tcf')!.medianNs - 2 * turn.medianNs),
    },
  ];
}
