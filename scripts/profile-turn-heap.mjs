// Where the heap of one agent turn (bench row (th)) goes: V8's sampling heap profiler, told to keep
// the samples of objects already collected, over many runs of the bench's (t) case (Agent +
// ScriptedModel, a calculator call then an answer). Prints the bytes allocated per turn by call
// path (caller < allocating function), largest first. Functions V8 inlined count as their caller.
//
// Build first: npx tsc -b packages/core packages/testing bench
// Run: node scripts/profile-turn-heap.mjs   (RUNS=20000, DEPTH=2 frames per path, TOP=40 rows; STREAM=1: the (tst) case, agent.stream)
import { Session } from 'node:inspector/promises';
import { Agent, ToolRegistry } from '@toolcraft/core';
import { ScriptedModel } from '@toolcraft/testing';
import { CalculatorTool } from '../bench/dist/cases/calculator.js';

const runs = Number(process.env.RUNS ?? 20_000);
const depth = Number(process.env.DEPTH ?? 2);
const top = Number(process.env.TOP ?? 40);
const turnsPerRun = 2;
const streamed = process.env.STREAM === '1';

const turn = (request) =>
  request.messages.at(-1)?.role === 'tool'
    ? { text: '3 + 4 = 7.' }
    : { toolCalls: [{ id: 'call_1', name: 'calculator', arguments: '{"digit1":3,"digit2":4}' }] };
const model = new ScriptedModel([turn], { onExhausted: 'repeatLast' });
const agent = new Agent({ model, registry: ToolRegistry.of(new CalculatorTool()), instructions: 'Be brief.' });

async function runMany(count) {
  for (let index = 0; index < count; index++) {
    if (streamed) {
      // Case (tst): the run streamed, every event read, then its result.
      const stream = agent.stream('What is 3 + 4?');
      for await (const event of stream) void event;
      await stream.result;
    } else await agent.run('What is 3 + 4?');
    model.requests.length = 0;
  }
}

await runMany(3_000); // warm up: optimised code allocates differently
const session = new Session();
session.connect();
await session.post('HeapProfiler.enable');
await session.post('HeapProfiler.startSampling', {
  samplingInterval: Number(process.env.INTERVAL ?? 256),
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
await runMany(runs);
const { profile } = await session.post('HeapProfiler.stopSampling');
session.disconnect();

const byPath = new Map();
let total = 0;
function walk(node, stack) {
  const { functionName, url, lineNumber } = node.callFrame;
  const frames = [...stack, `${functionName || '(anonymous)'} ${url.split('/').at(-1)}:${lineNumber + 1}`];
  if (node.selfSize > 0) {
    total += node.selfSize;
    const path = frames.slice(-depth).join(' < ');
    byPath.set(path, (byPath.get(path) ?? 0) + node.selfSize);
  }
  for (const child of node.children) walk(child, frames);
}
walk(profile.head, []);
const perTurn = (bytes) => bytes / runs / turnsPerRun;
console.log(`sampled heap per turn: ${perTurn(total).toFixed(0)} B (the bench's (th) counts a little more: sampling misses some)`);
for (const [path, bytes] of [...byPath].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${perTurn(bytes).toFixed(0).padStart(6)} B  ${path}`);
}
