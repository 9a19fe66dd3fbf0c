import 'reflect-metadata';
import { IsIn, IsInt, Min } from 'class-validator';
import { Tool } from '../src/annotations.js';
import { AgentEnvironment, ToolRegistry, type ToolSchemaManifest, type ToolSchemaManifestEntry } from '../src/index.js';

class TransferService {
  @Tool()
  transfer(from: string, to: string, amount: number): string {
    return `${amount} from ${from} to ${to}`;
  }
}

const transferEntry = (names: string[]): ToolSchemaManifestEntry => ({
  kind: 'method',
  className: 'TransferService',
  methodName: 'transfer',
  parameters: names.map((name) => ({ name, required: true, schema: { type: name === 'amount' ? 'number' : 'string' } })),
  inputSchema: {
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, { type: name === 'amount' ? 'number' : 'string' }])),
    required: names,
  },
});

const manifestOf = (entries: Record<string, ToolSchemaManifestEntry>): ToolSchemaManifest => ({ version: 1, tools: entries });

describe('ToolRegistry.builder().schemas(manifest)', () => {
  it('uses the entry of the method', async () => {
    const registry = ToolRegistry.builder()
      .schemas(manifestOf({ 'TransferService.transfer': transferEntry(['from', 'to', 'amount']) }))
      .tools(new TransferService())
      .build();
    const result = await new AgentEnvironment({ registry }).executeTool({
      name: 'transfer',
      arguments: '{"from":"a","to":"b","amount":5}',
    });
    expect(result.content).toBe('5 from a to b');
  });

  it('refuses a stale entry whose parameters are in another order, instead of swapping arguments', () => {
    const build = () =>
      ToolRegistry.builder()
        .schemas(manifestOf({ 'TransferService.transfer': transferEntry(['to', 'from', 'amount']) }))
        .tools(new TransferService())
        .build();
    expect(build).toThrow(
      /the schema manifest is stale: it lists the parameters \(to, from, amount\), the method has \(from, to, amount\)/,
    );
  });

  it('says the manifest has no entry when reflection cannot describe the method either', () => {
    class Untyped {
      pick(choice: unknown): string {
        return String(choice);
      }
    }
    Tool()(Untyped.prototype, 'pick', Object.getOwnPropertyDescriptor(Untyped.prototype, 'pick')!);
    const build = () =>
      ToolRegistry.builder()
        .schemas(manifestOf({ 'Other.pick': transferEntry(['x']) }))
        .tools(new Untyped())
        .build();
    expect(build).toThrow(/the schema manifest has no entry 'Untyped.pick' \(it lists Other.pick\), and reflection failed/);
  });

  it('combines several manifests', () => {
    class Other {
      @Tool() ping(text: string): string {
        return text;
      }
    }
    const registry = ToolRegistry.builder()
      .schemas(manifestOf({ 'TransferService.transfer': transferEntry(['from', 'to', 'amount']) }))
      .schemas(
        manifestOf({
          'Other.ping': {
            kind: 'method',
            className: 'Other',
            methodName: 'ping',
            description: 'from the second manifest',
            parameters: [{ name: 'text', required: true, schema: { type: 'string' } }],
            inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
          },
        }),
      )
      .tools([new TransferService(), new Other()])
      .build();
    expect(registry.getTool('ping').description).toBe('from the second manifest');
  });

  it("enforces every class-validator decorator of an Args-class parameter when its class is known, not only the manifest's keywords", async () => {
    class OrderArgs {
      @IsInt() @Min(1) quantity!: number;
      @IsIn(['tea', 'coffee']) item!: string;
    }
    class Shop {
      @Tool() order(args: OrderArgs): string {
        return `${args.quantity} ${args.item} ${args instanceof OrderArgs}`;
      }
    }
    const weak: ToolSchemaManifestEntry = {
      kind: 'method',
      className: 'Shop',
      methodName: 'order',
      parameters: [{ name: 'args', required: true, argsObject: true, schema: { type: 'object' } }],
      inputSchema: {
        type: 'object',
        properties: { quantity: { type: 'integer' }, item: { type: 'string' } },
        required: ['quantity', 'item'],
      },
    };
    const env = new AgentEnvironment({
      registry: ToolRegistry.builder()
        .schemas(manifestOf({ 'Shop.order': weak }))
        .tools(new Shop())
        .build(),
    });
    expect((await env.executeTool({ name: 'order', arguments: '{"quantity":2,"item":"tea"}' })).content).toBe('2 tea true');
    const bad = await env.executeTool({ name: 'order', arguments: '{"quantity":2,"item":"beer"}' });
    expect(bad.content).toContain(`'item': expected one of "tea", "coffee"`);
  });
});
