import { ScriptedModel } from '@toolcraft/testing';
import { Agent, ApprovalUnavailableError, Tool, type JsonSchema } from '../src/index.js';

const pathArgs: JsonSchema = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };

class DeleteFile extends Tool<{ path: string }, string> {
  readonly deleted: string[] = [];
  constructor(needsApproval: boolean | ((args: { path: string }) => boolean)) {
    super({ argsType: pathArgs, name: 'delete_file', description: 'Deletes a file.', effects: 'destructive', needsApproval });
  }
  execute(args: { path: string }): string {
    this.deleted.push(args.path);
    return `deleted ${args.path}`;
  }
}

describe('a tool declared with needsApproval, until runs can pause for approval', () => {
  it.each([
    ['needsApproval: true', true],
    ['a needsApproval predicate', () => true],
  ] as const)('never runs with %s: the model gets an error saying approval cannot be asked, the run goes on', async (_, needsApproval) => {
    const tool = new DeleteFile(needsApproval);
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'delete_file', arguments: { path: '/tmp/a' } }] },
      { text: 'I did not delete it.' },
    ]);
    const run = await new Agent({ model, tools: [tool] }).run('delete /tmp/a');

    expect(tool.deleted).toEqual([]);
    const { result } = run.toolCalls[0];
    expect(result.isError).toBe(true);
    expect(ApprovalUnavailableError.isInstance(result.error)).toBe(true);
    expect(result.content).toBe(
      "Error: Tool 'delete_file' needs a person's approval (needsApproval), and this agent cannot ask for it yet, " +
        'so the call was not executed. Tell the user what you would have done instead.',
    );
    expect(run.stopReason).toBe('completed');
  });

  it('runs a tool whose needsApproval is false like any other', async () => {
    const tool = new DeleteFile(false);
    const model = new ScriptedModel([{ toolCalls: [{ name: 'delete_file', arguments: { path: '/tmp/b' } }] }, { text: 'done' }]);
    await new Agent({ model, tools: [tool] }).run('delete /tmp/b');
    expect(tool.deleted).toEqual(['/tmp/b']);
  });
});
