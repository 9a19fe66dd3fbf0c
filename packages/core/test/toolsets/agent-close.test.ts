import { ScriptedModel } from '@toolcraft/testing';
import { Agent, AgentClosedError, InvalidAgentOptionsError, ToolsetCloseError, ToolsetError, type Toolset } from '../../src/index.js';
import { EchoTool } from '../support/echo-tool.js';

/** A toolset that counts its closes and closes as told. */
function closable(name: string, close: () => Promise<void> = async () => undefined): Toolset & { closes: number } {
  const toolset = {
    name,
    closes: 0,
    getTools: () => [],
    close: () => {
      toolset.closes++;
      return close();
    },
  };
  return toolset;
}

describe('agent.close()', () => {
  it('closes every toolset of the agent once, however often it is called', async () => {
    const first = closable('first');
    const second = closable('second');
    const agent = new Agent({ model: new ScriptedModel([]), tools: [first, new EchoTool('lookup'), second, first] });
    await Promise.all([agent.close(), agent.close()]);
    await agent.close();

    expect([first.closes, second.closes]).toEqual([1, 1]);
  });

  it('skips toolsets without close(), and resolves for an agent without toolsets', async () => {
    const plain: Toolset = { name: 'plain', getTools: () => [] };
    await expect(new Agent({ model: new ScriptedModel([]), tools: [plain] }).close()).resolves.toBeUndefined();
    await expect(new Agent({ model: new ScriptedModel([]) }).close()).resolves.toBeUndefined();
  });

  it('closes the others when some fail, then rejects once with ToolsetCloseError listing every failure', async () => {
    const boom = new Error('socket already gone');
    const throwing = closable('github', () => {
      throw boom;
    });
    const rejecting = closable('jira', () => Promise.reject(new Error('EPIPE')));
    const fine = closable('files');
    const agent = new Agent({ model: new ScriptedModel([]), tools: [throwing, fine, rejecting] });
    const error = (await agent.close().catch((caught: unknown) => caught)) as ToolsetCloseError;

    expect(ToolsetCloseError.isInstance(error)).toBe(true);
    expect(error.failures.map((failure) => failure.toolset)).toEqual(['github', 'jira']);
    expect(error.failures[0].error).toBe(boom);
    expect(error.cause).toBe(boom);
    expect(error.message).toBe(
      "2 toolsets failed to close: 'github' (socket already gone), 'jira' (EPIPE). The other toolsets were closed.",
    );
    expect(fine.closes).toBe(1);
  });

  it('bounds a close() that hangs by timeoutMs, reported like a failure', async () => {
    const stuck = closable('stuck', () => new Promise(() => undefined));
    const fine = closable('fine');
    const agent = new Agent({ model: new ScriptedModel([]), tools: [stuck, fine] });
    const error = (await agent.close({ timeoutMs: 20 }).catch((caught: unknown) => caught)) as ToolsetCloseError;

    expect(error.failures).toHaveLength(1);
    expect(ToolsetError.isInstance(error.failures[0].error)).toBe(true);
    expect(error.message).toContain("'stuck' (Toolset 'stuck' did not finish closing within 20 ms.)");
    expect(fine.closes).toBe(1);
  });

  it('refuses an impossible timeoutMs', async () => {
    const agent = new Agent({ model: new ScriptedModel([]), tools: [closable('one')] });
    await expect(agent.close({ timeoutMs: 0 })).rejects.toThrow(InvalidAgentOptionsError);
  });

  it('leaves the agent unable to run: run() then rejects with AgentClosedError', async () => {
    const model = new ScriptedModel([{ text: 'ok' }]);
    const agent = new Agent({ model, name: 'support', tools: [closable('one')] });
    await agent.close();

    await expect(agent.run('hi')).rejects.toThrow(AgentClosedError);
    await expect(agent.run('hi')).rejects.toThrow("Agent 'support' was closed");
    expect(model.requests).toHaveLength(0);
  });

  it('does not close toolsets given to a single run', async () => {
    const perRun = closable('per-run');
    const agent = new Agent({ model: new ScriptedModel([{ text: 'ok' }]) });
    await agent.run('hi', { tools: [perRun] });
    await agent.close();

    expect(perRun.closes).toBe(0);
  });
});
