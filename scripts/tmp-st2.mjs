import { Agent, ToolRegistry } from '@toolcraft/core';
import { ScriptedModel } from '@toolcraft/testing';
import { CalculatorTool } from '/work/main/bench/dist/cases/calculator.js';
const turn = (request) => request.messages.at(-1)?.role === 'tool' ? { text: '3 + 4 = 7.' } : { toolCalls: [{ id: 'call_1', name: 'calculator', arguments: '{"digit1":3,"digit2":4}' }] };
const model = new ScriptedModel([turn], { onExhausted: 'repeatLast' });
const agent = new Agent({ model, registry: ToolRegistry.of(new CalculatorTool()), instructions: 'Be brief.' });
for (let i = 0; i < 60000; i++) { const s = agent.stream('What is 3 + 4?'); for await (const e of s) void e; await s.result; model.requests.length = 0; }
