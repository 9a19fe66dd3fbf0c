import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { ScriptedModel, testAgentContext } from '@toolcraft/testing';
import { Agent, AgentEnvironment, ContextAwareTool, ToolCallMetadata, ToolRegistry, type AnyTool } from '@toolcraft/core';
import { OpenApiSpecError, OpenApiToolset } from '@toolcraft/openapi';
import { PetstoreServer } from './support/petstore-server';

const petstoreFile = require.resolve('@readme/oas-examples/3.0/yaml/petstore.yaml');
const server = new PetstoreServer();
let baseUrl: string;
beforeAll(async () => (baseUrl = await server.start()));
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.pets.clear();
  delete server.hangOn;
});

const toolNamed = (tools: readonly AnyTool[], name: string) => tools.find((tool) => tool.name === name)!;
const doggie = { name: 'doggie', photoUrls: ['https://example.com/d.png'], status: 'available' };

describe('OpenApiToolset over the Petstore 3.0 spec', () => {
  it('makes one tool per operation, named by operationId, effects from the method, operations it cannot send left out with why', async () => {
    const toolset = new OpenApiToolset({ spec: petstoreFile, baseUrl });
    const tools = await toolset.load();
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['addPet', 'updatePet', 'findPetsByStatus', 'getPetById', 'deletePet', 'placeOrder', 'loginUser']),
    );
    expect(toolNamed(tools, 'getPetById').effects).toBe('read');
    expect(toolNamed(tools, 'updatePet')).toMatchObject({ effects: 'write', idempotent: true });
    expect(toolNamed(tools, 'deletePet')).toMatchObject({ effects: 'destructive', idempotent: true });
    expect(toolNamed(tools, 'addPet').effects).toBe('write');
    expect(toolset.skipped.map((skip) => skip.operation)).toEqual(['POST /pet/{petId}/uploadImage']);
    expect(toolset.skipped[0]!.reason).toContain('multipart/form-data');
  });

  it('puts path, query and header parameters and the body in one exact schema, $refs resolved', async () => {
    const tools = await new OpenApiToolset({ spec: petstoreFile, baseUrl }).load();
    expect(toolNamed(tools, 'getPetById').inputSchema).toEqual({
      type: 'object',
      properties: { petId: { type: 'integer', format: 'int64', description: 'ID of pet to return' } },
      required: ['petId'],
      additionalProperties: false,
    });
    expect(toolNamed(tools, 'addPet').inputSchema.properties!.body).toMatchObject({
      required: ['name', 'photoUrls'],
      properties: {
        status: { type: 'string', enum: ['available', 'pending', 'sold'] },
        category: { type: 'object', properties: { id: { type: 'integer', format: 'int64' } } },
      },
    });
    expect(toolNamed(tools, 'addPet').inputSchema.required).toEqual(['body']);
    expect(Object.keys(toolNamed(tools, 'deletePet').inputSchema.properties!)).toEqual(['api_key', 'petId']);
    expect(toolNamed(tools, 'addPet').description).toBe('Add a new pet to the store');
  });

  it('an agent adds a pet and reads it back: the requests are what the spec says, the model gets status and body', async () => {
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'c1', name: 'addPet', arguments: { body: doggie } }] },
      { toolCalls: [{ id: 'c2', name: 'getPetById', arguments: { petId: 7 } }] },
      { toolCalls: [{ id: 'c3', name: 'findPetsByStatus', arguments: { status: ['available', 'sold'] } }] },
      { text: 'doggie is there' },
    ]);
    const toolset = new OpenApiToolset({
      spec: readFileSync(petstoreFile, 'utf8'),
      baseUrl,
      auth: { petstore_auth: 'pet-token', api_key: 'special-key' },
    });
    const run = await new Agent({ model, tools: [toolset] }).run('Add doggie');
    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /v2/pet',
      'GET /v2/pet/7',
      'GET /v2/pet/findByStatus?status=available&status=sold',
    ]);
    expect(server.requests[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(server.requests[0]!.body)).toEqual(doggie);
    expect(run.toolCalls[1]!.result.content).toBe(`HTTP 200 OK\n${JSON.stringify({ id: 7, ...doggie })}`);
    expect(run.text).toBe('doggie is there');
  });

  it('asks the host for a credential the spec needs and none was configured, then sends it', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'addPet', arguments: { body: doggie } }] }, { text: 'added' }]);
    const agent = new Agent({ model, tools: [new OpenApiToolset({ spec: petstoreFile, baseUrl })] });
    const paused = await agent.run('Add doggie');
    expect(paused.stopReason).toBe('interrupted');
    expect(paused.interruptions[0]).toMatchObject({
      kind: 'credential',
      toolName: 'addPet',
      request: { key: 'openapi.petstore_auth', scheme: 'oauth2' },
    });
    expect(server.requests).toHaveLength(0);
    paused.state.provideCredential('c1', 'pet-token');
    const resumed = await agent.resume(paused.state);
    expect(resumed.stopReason).toBe('completed');
    expect(server.requests[0]!.headers.authorization).toBe('Bearer pet-token');
  });

  it('refuses bad arguments before any request, and gives a 4xx as an error result with its body', async () => {
    const toolset = new OpenApiToolset({ spec: petstoreFile, baseUrl, auth: { api_key: 'special-key' } });
    const environment = new AgentEnvironment({ registry: new ToolRegistry([...(await toolset.load())]) });
    const bad = await environment.executeTool({ name: 'getPetById', arguments: { petId: 'seven' } });
    expect(bad.isError).toBe(true);
    expect(bad.content).toContain("'petId'");
    expect(server.requests).toHaveLength(0);
    const missing = await new Agent({
      model: new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'getPetById', arguments: { petId: 99 } }] }, { text: 'x' }]),
      tools: [toolset],
    }).run('x');
    expect(missing.toolCalls[0]!.result).toMatchObject({ isError: true });
    expect(missing.toolCalls[0]!.result.content).toContain(
      'GET /pet/{petId} answered HTTP 404 Not Found:\n{"code":1,"type":"error","message":"Pet not found"}',
    );
  });

  it('bounds the body the model gets, and the request by the call’s time limit (the request is cancelled)', async () => {
    const toolset = new OpenApiToolset({
      spec: petstoreFile,
      baseUrl,
      auth: { api_key: 'special-key' },
      maxResponseChars: 100,
      timeoutMs: 300,
    });
    const registry = new ToolRegistry([...(await toolset.load())]);
    const environment = new AgentEnvironment({ registry });
    const withContext = ToolCallMetadata.of([[ContextAwareTool.AgentContextKey, testAgentContext()]]);
    const big = await environment.executeTool({ name: 'getInventory', arguments: {} }, withContext);
    expect(big.content).toMatch(/\[\.\.\. the body was cut at 100 characters\]$/);
    server.hangOn = '/pet/';
    const slow = await environment.executeTool({ name: 'getPetById', arguments: { petId: 1 } }, withContext);
    expect(slow.isError).toBe(true);
    expect(slow.content).toContain('300');
    await new Promise<void>((resolve) => {
      const check = () => (server.aborted > 0 ? resolve() : setImmediate(check));
      check();
    });
    expect(server.aborted).toBe(1);
  });

  it('takes the spec as an object or text, picks operations, and refuses what it cannot use', async () => {
    const spec = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      servers: [{ url: baseUrl }],
      paths: { '/pets': { get: { summary: 'List pets', responses: {} } } },
    };
    expect((await new OpenApiToolset({ spec }).load()).map((tool) => tool.name)).toEqual(['get_pets']);
    expect((await new OpenApiToolset({ spec: JSON.stringify(spec) }).load()).map((tool) => tool.name)).toEqual(['get_pets']);
    expect((await new OpenApiToolset({ spec: petstoreFile, baseUrl, operations: ['getPetById'] }).load()).map((tool) => tool.name)).toEqual(
      ['getPetById'],
    );
    await expect(new OpenApiToolset({ spec: petstoreFile, baseUrl, operations: ['nope'] }).load()).rejects.toThrow(
      "it has no operation 'nope'",
    );
    await expect(new OpenApiToolset({ spec: { swagger: '2.0' } }).load()).rejects.toThrow(OpenApiSpecError);
    await expect(new OpenApiToolset({ spec: { ...spec, servers: [] } }).load()).rejects.toThrow('give baseUrl');
  });

  it('keeps a circular schema exact: the component under $defs, nested values validated', async () => {
    const spec = {
      openapi: '3.0.3',
      info: { title: 'trees', version: '1' },
      servers: [{ url: baseUrl }],
      paths: {
        '/trees': {
          post: {
            operationId: 'plantTree',
            requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } },
            responses: {},
          },
        },
      },
      components: {
        schemas: {
          Node: {
            type: 'object',
            required: ['name'],
            properties: {
              name: { type: 'string', nullable: true },
              children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
            },
          },
        },
      },
    };
    const [tool] = await new OpenApiToolset({ spec }).load();
    const schema = tool!.inputSchema as { $defs?: Record<string, unknown> };
    expect(schema.$defs?.Node).toMatchObject({
      properties: { name: { type: ['string', 'null'] }, children: { items: { $ref: '#/$defs/Node' } } },
    });
    const environment = new AgentEnvironment({ registry: new ToolRegistry([tool!]) });
    const bad = await environment.executeTool({ name: 'plantTree', arguments: { body: { name: 'root', children: [{ children: [] }] } } });
    expect(bad.isError).toBe(true);
    expect(bad.content).toContain('name');
    expect(server.requests).toHaveLength(0);
  });
});
