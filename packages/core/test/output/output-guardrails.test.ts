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

  it('withholds the output when the run is aborted while the guardrails check it', async () => {
    const controller = new AbortController();
    let started!: () => void;
    const checking = new Promise<void>((resolve) => (started = resolve));
    const slow: Guardrail = { name: 'slow', check: () => (started(), new Promise(() => undefined)) };
    const agent = new Agent({ model: new ScriptedModel([{ output: good }]), outputType: Invoice, outputGuardrails: [slow] });
    const running = agent.run('x', { signal: controller.signal });
    await checking;
    controller.abort();
    const run = await running;
    expect(run.stopReason).toBe('aborted');
    expect('output' in run).toBe(false);
    expect(run.text).toBe('');
    expect(JSON.stringify(run.messages)).not.toContain('tea');
  });
});
