import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScriptedModel } from '@toolcraft/testing';
import { Agent, FileCheckpointStore, Tool, type JsonSchema } from '../../src/index.js';

const amountArgs: JsonSchema = { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] };

/** A write tool that records the arguments it ran with. */
class Recording extends Tool<{ amount: number }, string> {
  readonly ran: number[] = [];
  constructor(name: string, needsApproval = false) {
    super({ argsType: amountArgs, name, description: `${name} an amount`, effects: 'write', needsApproval });
  }
  execute(args: { amount: number }): string {
    this.ran.push(args.amount);
    return `${this.name} ${args.amount}`;
  }
}

/** Runs the crash child until its tool says it started, then kills it with SIGKILL. */
function runUntilStarted(directory: string, runId: string, scenario: string): Promise<string> {
  const script = join(__dirname, 'fixtures', 'crash-child.ts');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, directory, runId, scenario], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('started')) child.kill('SIGKILL');
    });
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('exit', (_code, signal) =>
      signal === 'SIGKILL' ? resolve(output.trim()) : reject(new Error(`the child ended without starting its call: ${errors}`)),
    );
  });
}

describe('agent.recover after the process was killed in the middle of a call', () => {
  let directory: string;
  beforeEach(async () => (directory = await mkdtemp(join(tmpdir(), 'toolcraft-crash-'))));
  afterEach(() => rm(directory, { recursive: true, force: true }));

  it('brings back a call approved with edited arguments in doubt, with the edited arguments, and a re-run uses them', async () => {
    expect(await runUntilStarted(directory, 'run-edited', 'edited')).toBe('started refund {"amount":50}');
    const refund = new Recording('refund', true);
    const agent = new Agent({ model: new ScriptedModel([{ text: 'Refunded 50.' }]), tools: [refund] });
    const checkpoints = new FileCheckpointStore(directory);
    const recovered = await agent.recover('run-edited', { checkpoints });
    expect(recovered.stopReason).toBe('interrupted');
    expect(recovered.interruptions).toEqual([
      { kind: 'approval', callId: 'r1', toolName: 'refund', arguments: '{"amount":50}', agentName: 'agent', inDoubt: true },
    ]);
    expect(refund.ran).toEqual([]);
    recovered.state.approve('r1');
    const finished = await agent.resume(recovered.state, { checkpoints });
    expect(finished.text).toBe('Refunded 50.');
    expect(refund.ran).toEqual([50]);
  });

  it('marks a call started only when it starts: a write held back behind the one in flight is not in doubt', async () => {
    expect(await runUntilStarted(directory, 'run-ordered', 'ordered')).toBe('started charge {"amount":1}');
    const charge = new Recording('charge');
    const ship = new Recording('ship');
    const agent = new Agent({ model: new ScriptedModel([{ text: 'Done.' }]), tools: [charge, ship] });
    const checkpoints = new FileCheckpointStore(directory);
    const recovered = await agent.recover('run-ordered', { checkpoints });
    expect(recovered.interruptions).toEqual([
      { kind: 'approval', callId: 'a', toolName: 'charge', arguments: '{"amount":1}', agentName: 'agent', inDoubt: true },
    ]);
    recovered.state.reject('a', 'it went through before the crash');
    const finished = await agent.resume(recovered.state, { checkpoints });
    expect(charge.ran).toEqual([]);
    expect(ship.ran).toEqual([2]);
    expect(finished.toolCalls.map((item) => [item.id, item.result.content])).toEqual([
      ['a', 'Error: the call was rejected: it went through before the crash'],
      ['b', 'ship 2'],
    ]);
  });
});
