import 'reflect-metadata';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { metadataWith, ScriptedModel, testAgentContext } from '@toolcraft/testing';
import { Agent, AgentEnvironment, ContextAwareTool, OptionsError, ToolCallMetadata, ToolRegistry, type AnyTool } from '@toolcraft/core';
import { OpenApiSpecError, OpenApiToolset, type OpenApiToolsetOptions } from '@toolcraft/openapi';
import { PetstoreServer } from './support/petstore-server';
import { RecordingServer } from './support/recording-server';

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

/** Calls a tool of a toolset as a run would (validated, with a context), and gives the model's result. */
async function callTool(toolset: OpenApiToolset, name: string, args: Record<string, unknown>) {
  const environment = new AgentEnvironment({ registry: new ToolRegistry([...(await toolset.load())]) });
  return environment.executeTool({ name, arguments: args }, metadataWith(testAgentContext()));
}

const specWith = (url: string, paths: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  servers: [{ url }],
  paths,
  ...extra,
});

describe('OpenApiToolset requests', () => {
  const api = new RecordingServer();
  beforeAll(() => api.start());
  afterAll(() => api.close());
  beforeEach(() => (api.requests.length = 0));

  it('puts each path parameter in the path as one encoded segment, and refuses a value that would make a . or .. segment', async () => {
    const toolset = new OpenApiToolset({
      spec: specWith(`${api.url}/api/v1`, {
        '/users/{userId}/posts/{postId}': {
          delete: {
            operationId: 'deletePost',
            parameters: [
              { name: 'userId', in: 'path', required: true, schema: { type: 'string' } },
              { name: 'postId', in: 'path', required: true, schema: { type: 'string' } },
            ],
          },
        },
      }),
    });
    const sent = await callTool(toolset, 'deletePost', { userId: 'a/b?c#d', postId: '%2e%2e' });
    expect(sent.isError).toBe(false);
    expect(await callTool(toolset, 'deletePost', { userId: 'me', postId: '7.' })).toMatchObject({ isError: false });
    expect(api.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'DELETE /api/v1/users/a%2Fb%3Fc%23d/posts/%252e%252e',
      'DELETE /api/v1/users/me/posts/7.',
    ]);
    for (const postId of ['..', '.', '']) {
      const refused = await callTool(toolset, 'deletePost', { userId: 'me', postId });
      expect(refused.isError).toBe(true);
      expect(refused.content).toContain(`the path parameter 'postId' cannot be ${JSON.stringify(postId)}`);
    }
    expect(api.requests).toHaveLength(2);
  });

  it('follows a redirect to another origin without any credential it added (auth headers and cookies, the headers option)', async () => {
    const elsewhere = await new RecordingServer().start();
    const redirecting = await new RecordingServer((request, response) => {
      if (request.url === '/v1/away') response.writeHead(302, { location: `${elsewhere.otherOriginUrl}/collect` }).end();
      else if (request.url === '/v1/here') response.writeHead(307, { location: '/v1/landed' }).end();
      else if (request.url === '/v1/form') response.writeHead(303, { location: '/v1/done' }).end();
      else return false;
      return true;
    }).start();
    try {
      for (const scheme of [
        { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        { type: 'http', scheme: 'bearer' },
        { type: 'apiKey', in: 'cookie', name: 'session' },
      ]) {
        const toolset = new OpenApiToolset({
          spec: specWith(
            `${redirecting.url}/v1`,
            {
              '/away': { get: { operationId: 'away' } },
              '/here': { get: { operationId: 'here' } },
              '/form': { post: { operationId: 'form', requestBody: { content: { 'application/json': { schema: { type: 'object' } } } } } },
            },
            { security: [{ key: [] }], components: { securitySchemes: { key: scheme } } },
          ),
          auth: { key: 'SECRET-123' },
          headers: { 'X-Tenant-Token': 'TENANT-SECRET' },
        });
        expect(await callTool(toolset, 'away', {})).toMatchObject({ isError: false });
        const leaked = JSON.stringify(elsewhere.requests.at(-1)!.headers);
        expect(elsewhere.requests.at(-1)!.url).toBe('/collect');
        expect(leaked).not.toContain('SECRET');
        // The same origin keeps them, through every redirect.
        await callTool(toolset, 'here', {});
        expect(redirecting.requests.at(-1)!.url).toBe('/v1/landed');
        expect(JSON.stringify(redirecting.requests.at(-1)!.headers)).toContain('SECRET-123');
        expect(redirecting.requests.at(-1)!.headers['x-tenant-token']).toBe('TENANT-SECRET');
        // A 303 goes on as a GET without the body.
        await callTool(toolset, 'form', { body: { a: 1 } });
        expect(redirecting.requests.at(-1)).toMatchObject({ method: 'GET', url: '/v1/done', body: '' });
      }
    } finally {
      await Promise.all([elsewhere.close(), redirecting.close()]);
    }
  });

  it('gives clashing parameters distinct names that never take another parameter’s name, and sends each required one', async () => {
    const toolset = new OpenApiToolset({
      spec: specWith(api.url, {
        '/items/{id}': {
          parameters: [{ name: 'body', in: 'query', schema: { type: 'string' } }],
          get: {
            operationId: 'getItem',
            parameters: [
              { name: 'query_id', in: 'query', required: true, schema: { type: 'string' }, description: 'tracking id' },
              { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
              { name: 'id', in: 'query', schema: { type: 'integer' }, description: 'version id' },
              { name: 'constructor', in: 'header', schema: { type: 'string' } },
            ],
          },
        },
      }),
    });
    const [tool] = await toolset.load();
    expect(Object.keys(tool!.inputSchema.properties!)).toEqual(['query_body', 'query_id', 'id', 'query_id_2', 'header_constructor']);
    expect(tool!.inputSchema.properties!.query_id).toEqual({ type: 'string', description: 'tracking id' });
    expect(tool!.inputSchema.properties!.query_id_2).toEqual({ type: 'integer', description: 'version id' });
    expect(tool!.inputSchema.required).toEqual(['query_id', 'id']);
    await callTool(toolset, 'getItem', { id: 'A', query_id: 'T-1', query_id_2: 3, query_body: 'b', header_constructor: 'c' });
    expect(api.requests[0]!.url).toBe('/items/A?body=b&query_id=T-1&id=3');
    expect(api.requests[0]!.headers.constructor).toBe('c');
    const missing = await callTool(toolset, 'getItem', { id: 'A' });
    expect(missing.isError).toBe(true);
    expect(missing.content).toContain('query_id');
  });

  it('sends each operation to its own servers (the operation’s, else the path’s, else the spec’s), variables filled', async () => {
    const uploads = await new RecordingServer().start();
    const port = (url: string) => new URL(url).port;
    try {
      const spec = specWith(`${api.url}/v1`, {
        '/files': {
          servers: [{ url: `${uploads.url}/files-api` }],
          post: { operationId: 'upload', requestBody: { content: { 'application/json': { schema: { type: 'object' } } } } },
          get: {
            operationId: 'listFiles',
            servers: [
              {
                url: 'http://{host}:{port}/{base}',
                variables: {
                  host: { default: '127.0.0.1' },
                  port: { default: port(api.url) },
                  base: { default: 'v9', enum: ['v9', 'v10'] },
                },
              },
            ],
          },
        },
        '/ping': { get: { operationId: 'ping' } },
      });
      await callTool(new OpenApiToolset({ spec }), 'upload', { body: { a: 1 } });
      await callTool(new OpenApiToolset({ spec }), 'ping', {});
      await callTool(new OpenApiToolset({ spec }), 'listFiles', {});
      await callTool(new OpenApiToolset({ spec, serverVariables: { base: 'v10' } }), 'listFiles', {});
      expect(uploads.requests.map((request) => `${request.method} ${request.url}`)).toEqual(['POST /files-api/files']);
      expect(api.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
        'GET /v1/ping',
        'GET /v9/files',
        'GET /v10/files',
      ]);
      await expect(new OpenApiToolset({ spec, serverVariables: { base: 'v3' }, operations: ['listFiles'] }).load()).rejects.toThrow(
        'the server variable {base} is "v3", which its enum does not list ("v9", "v10")',
      );
      const noDefault = specWith('https://{region}.api.example.com', { '/ping': { get: { operationId: 'ping' } } });
      await expect(new OpenApiToolset({ spec: noDefault }).load()).rejects.toThrow('give it in serverVariables ({ region:');
      const relative = specWith('/api', { '/ping': { get: { operationId: 'ping' } } });
      await callTool(new OpenApiToolset({ spec: relative, baseUrl: api.url }), 'ping', {});
      expect(api.requests.at(-1)!.url).toBe('/ping');
    } finally {
      await uploads.close();
    }
  });

  it('tells the model why a request got no answer (the network error’s cause), and stops a redirect loop', async () => {
    const failing = await new RecordingServer((request, response) => {
      if (request.url === '/reset') response.socket?.destroy();
      else response.writeHead(302, { location: '/loop' }).end();
      return true;
    }).start();
    try {
      const toolset = new OpenApiToolset({
        spec: specWith(failing.url, { '/reset': { get: { operationId: 'reset' } }, '/loop': { get: { operationId: 'loop' } } }),
      });
      const reset = await callTool(toolset, 'reset', {});
      expect(reset.isError).toBe(true);
      expect(reset.content).toContain(`GET /reset: the request to ${failing.url} failed: fetch failed: other side closed (UND_ERR_SOCKET)`);
      const loop = await callTool(toolset, 'loop', {});
      expect(loop.content).toContain('GET /loop: the server redirected more than 20 times');
      expect(failing.requests.filter((request) => request.url === '/loop')).toHaveLength(21);
    } finally {
      await failing.close();
    }
  });

  it('asks for a security scheme named like an Object member (toString) as for any other', async () => {
    const spec = specWith(
      api.url,
      { '/b': { get: { operationId: 'b', security: [{ toString: [] }] } } },
      {
        components: { securitySchemes: { toString: { type: 'http', scheme: 'bearer' } } },
      },
    );
    const agent = new Agent({
      model: new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'b' }] }, { text: 'done' }]),
      tools: [new OpenApiToolset({ spec })],
    });
    const paused = await agent.run('go');
    expect(paused.interruptions).toMatchObject([{ kind: 'credential', request: { key: 'openapi.toString', scheme: 'http' } }]);
    expect(api.requests).toHaveLength(0);
    paused.state.provideCredential('c1', 'tok');
    await agent.resume(paused.state);
    expect(api.requests[0]!.headers.authorization).toBe('Bearer tok');
  });

  it('refuses an empty credential: configured (OptionsError naming the scheme) or provided by the host (the call fails, saying so)', async () => {
    const spec = specWith(
      api.url,
      { '/a': { get: { operationId: 'a' } } },
      {
        security: [{ key: [] }],
        components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } },
      },
    );
    const configure = (auth: OpenApiToolsetOptions['auth']) => () => new OpenApiToolset({ spec, auth });
    expect(configure({ key: '' })).toThrow(OptionsError);
    expect(configure({ key: '  ' })).toThrow("OpenApiToolset option 'auth.key' must be a non-empty key or token");
    expect(configure({ key: { username: '', password: 'p4ss' } })).toThrow('non-empty username');
    expect(configure({ key: { username: '', password: 'p4ss' } })).not.toThrow('p4ss');
    const agent = new Agent({
      model: new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'a' }] }, { text: 'done' }]),
      tools: [new OpenApiToolset({ spec })],
    });
    const paused = await agent.run('go');
    paused.state.provideCredential('c1', '');
    const resumed = await agent.resume(paused.state);
    expect(resumed.toolCalls.at(-1)!.result).toMatchObject({ isError: true });
    expect(resumed.toolCalls.at(-1)!.result.content).toContain("the credential provided for 'openapi.key' cannot be used");
    expect(api.requests).toHaveLength(0);
  });
});

describe('OpenApiToolset specs', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'openapi-refs-'));
    mkdirSync(join(folder, 'api', 'parts'), { recursive: true });
    writeFileSync(join(folder, 'secret.env'), 'DB_PASSWORD=hunter2');
    writeFileSync(join(folder, 'api', 'parts', 'description.yaml'), '"Reads the thing."');
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const operationWith = (description: unknown) => ({
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    servers: [{ url: 'http://127.0.0.1:1' }],
    paths: { '/x': { get: { operationId: 'x', description } } },
  });

  it('refuses a spec given as an object or text whose $ref names a file, naming the $ref, and reads none', async () => {
    for (const spec of [operationWith({ $ref: join(folder, 'secret.env') }), JSON.stringify(operationWith({ $ref: 'secret.env' }))]) {
      const loading = new OpenApiToolset({ spec }).load();
      await expect(loading).rejects.toThrow(OpenApiSpecError);
      await expect(loading).rejects.toThrow(/its \$ref ".*secret\.env" at \/paths\/~1x\/get\/description names another document/);
    }
  });

  it('reads a spec file’s relative $refs inside its own folder only', async () => {
    const file = (name: string, description: unknown) => {
      const path = join(folder, 'api', name);
      writeFileSync(path, JSON.stringify(operationWith(description)));
      return path;
    };
    const [tool] = await new OpenApiToolset({ spec: file('inside.json', { $ref: 'parts/description.yaml' }) }).load();
    expect(tool!.description).toBe('Reads the thing.');
    for (const ref of ['../secret.env', join(folder, 'secret.env'), '/etc/hostname', 'http://127.0.0.1:1/spec.json']) {
      const loading = new OpenApiToolset({ spec: file('outside.json', { $ref: ref }) }).load();
      await expect(loading).rejects.toThrow(OpenApiSpecError);
      await expect(loading).rejects.toThrow(/outside the spec's folder|remote document/);
    }
  });

  it('refuses text that is not an OpenAPI document as such, not as a missing file', async () => {
    for (const text of ['[1,2]', '- 1\n- 2\n', '# a comment\nswagger: "2.0"\n'])
      await expect(new OpenApiToolset({ spec: text }).load()).rejects.toThrow('it is not an OpenAPI 3.x document');
  });

  it('leaves out, with why, an operation whose schema the core cannot use: a slow pattern (schemas are imported) or a circular $ref outside components', async () => {
    const spec = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      servers: [{ url: 'http://127.0.0.1:1' }],
      'x-defs': { Node: { type: 'object', properties: { child: { $ref: '#/x-defs/Node' } } } },
      paths: {
        '/u': {
          get: {
            operationId: 'lookup',
            parameters: [{ name: 'code', in: 'query', schema: { type: 'string', pattern: '^(?=\\w)(\\w+\\s?)+$' } }],
          },
        },
        '/n': { post: { operationId: 'node', requestBody: { content: { 'application/json': { schema: { $ref: '#/x-defs/Node' } } } } } },
        '/ok': { get: { operationId: 'ok', parameters: [{ name: 'code', in: 'query', schema: { type: 'string', pattern: '^[a-z]+$' } }] } },
      },
    };
    const warnings = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const toolset = new OpenApiToolset({ spec });
      expect((await toolset.load()).map((tool) => tool.name)).toEqual(['ok']);
      expect(toolset.skipped).toEqual([
        { operation: 'GET /u', reason: expect.stringContaining("uses a lookahead ('(?=')") },
        { operation: 'POST /n', reason: expect.stringContaining('circular $ref to "#/x-defs/Node", outside components/schemas') },
      ]);
      expect(warnings).toHaveBeenCalledTimes(2);
    } finally {
      warnings.mockRestore();
    }
    await expect(new OpenApiToolset({ spec, operations: ['lookup'] }).load()).rejects.toThrow(OpenApiSpecError);
    await expect(new OpenApiToolset({ spec, operations: ['node'] }).load()).rejects.toThrow(OpenApiSpecError);
  });
});
