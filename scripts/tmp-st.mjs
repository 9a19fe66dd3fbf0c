import { Agent, ToolRegistry } from '@toolcraft/core';
import { ScriptedModel } from '@toolcraft/testing';
import { CalculatorTool } from '/work/main/bench/dist/cases/calculator.js';
const turn = (request) => request.messages.at(-1)?.role === 'tool' ? { text: '3 + 4 = 7.' } : { toolCalls: [{ id: 'call_1', name: 'calculator', arguments: '{"digit1":3,"digit2":4}' }] };
const model = new ScriptedModel([turn], { onExhausted: 'repeatLast' });
const agent = new Agent({ model, registry: ToolRegistry.of(new CalculatorTool()), instructions: 'Be brief.' });
const N = Number(process.env.N ?? 20000);
async function plain() { for (let i = 0; i < N; i++) { await agent.run('What is 3 + 4?'); model.requests.length = 0; } }
async function streamed() { for (let i = 0; i < N; i++) { const s = agent.stream('What is 3 + 4?'); for await (const e of s) void e; await s.result; model.requests.length = 0; } }
await plain(); await streamed();
for (let r = 0; r < 3; r++) {
  let t = process.cpuUsage(); await plain(); const p = process.cpuUsage(t).user;
  t = process.cpuUsage(); await streamed(); const s = process.cpuUsage(t).user;
  console.log(`plain ${(p / N / 2 * 1000).toFixed(0)} ns/turn, streamed ${(s / N / 2 * 1000).toFixed(0)} ns/turn, ratio ${(s / p).toFixed(2)}`);
}
