import 'reflect-metadata';
import { ScriptedModel } from '@toolcraft/testing';
import { Agent, type Guardrail } from '../../src/index.js';
import { collect } from '../support/streaming-tools.js';
import { Invoice } from './support.js';

const good = { total: 120, lines: [{ item: 'tea', cents: 120 }] };

describe('outputType with output guardrails', () => {
  it('gives the guardrails the decoded output with the text, and keeps it when they pass', async () => {
    const seen: unknown[] = [];
    const watch: Guardrail = {
      name: 'watch',
      check: (text, context) => {
        seen.push(text, context.output);
        return { tripwire: false };
      },
    };
    const run = await new Agent({ model: new ScriptedModel([{ output: good }]), outputType: Invoice, outputGuardrails: [watch] }).run('x');
    expect(run.output).toBeInstanceOf(Invoice);
    expect(seen[0]).toBe(JSON.stringify(good));
    expect(seen[1]).toBe(run.output);
  });

  it('withholds the output on a trip: no output, no output event', async () => {
    const tooBig: Guardrail = {
      name: 'too_big',
      check: (_text, context) => ({ tripwire: (context.output as Invoice).total > 100, reason: 'over budget' }),
    };
    const agent = new Agent({ model: new ScriptedModel([{ output: good }]), outputType: Invoice, outputGuardrails: [tooBig] });
    const stream = agent.stream('x');
    const events = await collect(stream);
    const run = await stream.result;
    expect(run.stopReason).toBe('guardrail');
    expect(run.guardrail).toMatchObject({ name: 'too_big', kind: 'output' });
    expect('output' in run).toBe(false);
    expect(events.map((event) => event.type)).not.toContain('output');
  });
});
