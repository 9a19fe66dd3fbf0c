// Quick (th)/(thst) figure without the whole bench: MODEL=bare swaps ScriptedModel for a bare object model, STREAM=1 streams.
// Quick (th)-style measure: heapUsed growth per turn over GC-free windows of 100 runs (median). Build first (npm run build).
import { PerformanceObserver } from 'node:perf_hooks';
import { Agent, ToolRegistry } from '@toolcraft/core';
import { ScriptedModel } from '@toolcraft/testing';
import { CalculatorTool } from '../bench/dist/cases/calculator.js';
const streamed = process.env.STREAM === '1';
const turn = (request) =>
  request.messages.at(-1)?.role === 'tool'
    ? { text: '3 + 4 = 7.' }
    : { toolCalls: [{ id: 'call_1', name: 'calculator', arguments: '{"digit1":3,"digit2":4}' }] };
const model =
  process.env.MODEL === 'bare'
    ? {
        requests: [],
        complete: (request) =>
          Promise.resolve({
            message: {
              role: 'assistant',
              content: null,
              ...(request.messages.at(-1)?.role === 'tool'
                ? { content: '3 + 4 = 7.' }
                : { toolCalls: [{ id: 'call_1', name: 'calculator', arguments: '{"digit1":3,"digit2":4}' }] }),
            },
          }),
      }
    : new ScriptedModel([turn], { onExhausted: 'repeatLast' });
const agent = new Agent({ model, registry: ToolRegistry.of(new CalculatorTool()), instructions: 'Be brief.' });
async function one() {
  if (streamed) {
    const s = agent.stream('What is 3 + 4?');
    for await (const e of s) void e;
    await s.result;
  } else await agent.run('What is 3 + 4?');
  model.requests.length = 0;
}
const gcs = [];
new PerformanceObserver((l) => {
  for (const e of l.getEntries()) gcs.push(e.startTime);
}).observe({ entryTypes: ['gc'] });
for (let i = 0; i < 5000; i++) await one();
const per = [];
for (let w = 0; w < 40; w++) {
  global.gc();
  await new Promise((r) => setImmediate(r));
  const start = performance.now();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 100; i++) await one();
  const after = process.memoryUsage().heapUsed;
  await new Promise((r) => setImmediate(r));
  if (!gcs.some((t) => t >= start) && after > before) per.push((after - before) / 200);
}
per.sort((a, b) => a - b);
console.log(`${streamed ? 'streamed ' : ''}heap per turn: ${(per[per.length >> 1] / 1024).toFixed(2)} KB (${per.length} windows)`);
