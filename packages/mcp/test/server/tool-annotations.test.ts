import 'reflect-metadata';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ToolDescriptor } from '@toolcraft/core';
import { createMcpServer } from '@toolcraft/mcp';
import { sideEffectsOf } from '../../src/client/side-effects';
import { connectClient } from '../support/connect';
import { AddTool } from '../support/test-tools';

/** A tool whose descriptor carries side-effect fields, as tools declaring `effects` have them. */
class DeclaredTool extends AddTool {
  constructor(private readonly fields: Record<string, unknown>) {
    super();
  }
  override get descriptor(): ToolDescriptor {
    return { ...super.descriptor, ...this.fields };
  }
}

describe('MCP annotations and side effects', () => {
  let client: Client;
  afterEach(() => client?.close());

  it.each([
    [{ effects: 'read' }, { readOnlyHint: true, idempotentHint: true }],
    [
      { effects: 'read', idempotent: false, openWorld: true },
      { readOnlyHint: true, idempotentHint: false, openWorldHint: true },
    ],
    [
      { effects: 'write', idempotent: true },
      { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    ],
    [
      { effects: 'destructive', openWorld: false },
      { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
    ],
  ])('serves a tool declaring %j with the annotations %j', async (fields, annotations) => {
    client = await connectClient(createMcpServer([new DeclaredTool(fields)], { name: 's', version: '1' }));
    expect((await client.listTools()).tools[0]!.annotations).toEqual(annotations);
  });

  it.each([
    [
      { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
      { effects: 'read', idempotent: true, openWorld: false },
    ],
    [{ readOnlyHint: false, destructiveHint: false }, { effects: 'write' }],
    [{ readOnlyHint: false }, { effects: 'destructive' }],
    [{ destructiveHint: true }, {}],
    [undefined, {}],
  ])('imports the annotations %j as the side effects %j', (annotations, effects) => {
    expect(sideEffectsOf(annotations)).toEqual(effects);
  });
});
