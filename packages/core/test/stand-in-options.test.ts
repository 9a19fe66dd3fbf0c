import 'reflect-metadata';
import { z } from 'zod';
import { AgentEnvironment, SafeTool, Tool, ToolBase, ToolRegistry, type ToolCallMetadata } from '../src/index.js';
import { type JsonArguments, standInOptions } from '../src/internal.js';

const Args = z
  .object({
    from: z.number().int(),
    to: z.number().int(),
    label: z
      .string()
      .transform((text) => text.trim())
      .optional(),
  })
  .refine((range) => range.from <= range.to, { message: 'from must not be after to', path: ['from'] });

class RangeTool extends Tool<z.output<typeof Args>, string> {
  constructor(longRunning = false) {
    super({ name: 'range', description: 'Counts a range.', argsType: Args, longRunning });
  }
  execute(args: z.output<typeof Args>): string {
    return `${args.to - args.from}`;
  }
}

/** A stand-in that returns what it received, as a forwarding tool would send it on. */
class Forwarder extends ToolBase<JsonArguments, JsonArguments> {
  constructor(tool: RangeTool) {
    super(standInOptions<JsonArguments>(tool, { longRunning: true }));
  }
  execute(args: JsonArguments, _metadata: ToolCallMetadata): JsonArguments {
    return args;
  }
}

describe('standInOptions', () => {
  it('gives a stand-in the name, description and schema of the tool it stands for', () => {
    const original = new RangeTool();
    const standIn = new Forwarder(original);
    expect(standIn.name).toBe('range');
    expect(standIn.inputSchema).toBe(original.inputSchema);
    expect(standIn.description).toBe(new RangeTool(true).description);
    expect(new Forwarder(new RangeTool(true)).description).toBe(new RangeTool(true).description);
  });

  it("checks the arguments with the original's validator, refinements and messages included", async () => {
    const environment = new AgentEnvironment({ registry: ToolRegistry.of(new Forwarder(new RangeTool())) });
    const direct = new AgentEnvironment({ registry: ToolRegistry.of(new RangeTool()) });
    const bad = { name: 'range', id: 'c1', arguments: '{"from": 5, "to": 2}' };
    const viaStandIn = await environment.executeTool(bad);
    expect(viaStandIn.isError).toBe(true);
    expect(viaStandIn.content).toBe((await direct.executeTool(bad)).content);
    expect(viaStandIn.content).toMatch(/from must not be after to/);
  });

  it('hands the stand-in the JSON data of the call, cleaned but not transformed', async () => {
    const result = await SafeTool.of(new Forwarder(new RangeTool())).execute({ from: 1, to: 3, label: '  x  ', extra: true });
    expect(result).toMatchObject({ ok: true, value: { from: 1, to: 3, label: '  x  ' } });
  });
});
