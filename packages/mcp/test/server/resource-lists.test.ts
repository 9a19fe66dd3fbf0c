import 'reflect-metadata';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { AgentContext, AgentEnvironment, InvalidToolDefinitionError, ToolRegistry } from '@toolcraft/core';
import { LLMDescription, Resource, type ListedResource } from '@toolcraft/core/annotations';
import { createMcpServer } from '@toolcraft/mcp';
import { connectClient } from '../support/connect';
import { inMemoryToolset } from '../support/in-memory-toolset';

const info = { name: 'library', version: '1.0.0' };

/** Books, whose template lists the books there are; chapters, listed with the connection's context. */
class Library {
  readonly books = new Map([
    ['dune', 'Dune'],
    ['emma', 'Emma'],
  ]);

  @Resource({ uri: 'books://{id}', mimeType: 'text/markdown', list: 'allBooks' })
  @LLMDescription('One book')
  book(@LLMDescription('Book id') id: string): string {
    return `# ${this.books.get(id) ?? 'unknown'}`;
  }

  @Resource({ uri: 'books://catalogue' })
  @LLMDescription('The catalogue')
  catalogue(): string {
    return [...this.books.values()].join(', ');
  }

  @Resource({ uri: 'chapters://{book}/{n}', list: 'someChapters' })
  @LLMDescription('A chapter')
  chapter(@LLMDescription('Book id') book: string, @LLMDescription('Number') n: string): string {
    return `${book} ${n}`;
  }

  allBooks(): ListedResource[] {
    return [...this.books].map(([id, title]) => ({ uri: `books://${id}`, title, description: `The book ${title}` }));
  }

  // A decorator makes TypeScript record the parameter types, so the AgentContext is injected.
  @LLMDescription('Lists the first chapters')
  async someChapters(context: AgentContext): Promise<string[]> {
    // The connection's context: the server's name is its agent's.
    return context.agentName === 'library' ? ['chapters://dune/1', 'chapters://dune/2'] : [];
  }
}

describe('createMcpServer: a resource template listing its resources (@Resource({ list }))', () => {
  let client: Client | undefined;
  afterEach(async () => {
    await client?.close();
    client = undefined;
  });

  it('answers resources/list with the fixed resources, then each listing template’s resources (name the URI, media type the template’s by default)', async () => {
    client = await connectClient(createMcpServer([new Library()], info));
    expect((await client.listResources()).resources).toEqual([
      { uri: 'books://catalogue', name: 'catalogue', description: 'The catalogue' },
      { uri: 'books://dune', name: 'books://dune', title: 'Dune', description: 'The book Dune', mimeType: 'text/markdown' },
      { uri: 'books://emma', name: 'books://emma', title: 'Emma', description: 'The book Emma', mimeType: 'text/markdown' },
      { uri: 'chapters://dune/1', name: 'chapters://dune/1' },
      { uri: 'chapters://dune/2', name: 'chapters://dune/2' },
    ]);
    // The listed resources read through their template; the templates are still listed as templates.
    expect((await client.readResource({ uri: 'books://emma' })).contents).toEqual([
      { uri: 'books://emma', mimeType: 'text/markdown', text: '# Emma' },
    ]);
    expect((await client.listResourceTemplates()).resourceTemplates.map((template) => template.uriTemplate)).toEqual([
      'books://{id}',
      'chapters://{book}/{n}',
    ]);
  });

  it('lists what the list method gives at each request', async () => {
    const library = new Library();
    client = await connectClient(createMcpServer([library], info));
    library.books.set('odyssey', 'The Odyssey');
    expect((await client.listResources()).resources.map((resource) => resource.uri)).toContain('books://odyssey');
  });

  it('reaches McpToolset users: listResources() and the list_resources tool show the listed resources', async () => {
    const toolset = inMemoryToolset(createMcpServer([new Library()], info), { resourceTools: true });
    try {
      expect((await toolset.listResources()).map((resource) => resource.uri)).toEqual([
        'books://catalogue',
        'books://dune',
        'books://emma',
        'chapters://dune/1',
        'chapters://dune/2',
      ]);
      const environment = new AgentEnvironment({ registry: ToolRegistry.of(await toolset.getTools()) });
      expect((await environment.executeTool({ name: 'list_resources', arguments: {} })).content).toContain('"uri":"books://emma"');
    } finally {
      await toolset.close();
    }
  });

  it('answers InternalError naming the list method and the entry when it returns what is not a resource, or a URI its template does not match', async () => {
    class Broken {
      @Resource({ uri: 'x://{id}', list: 'items' })
      @LLMDescription('An item')
      item(@LLMDescription('Id') id: string): string {
        return id;
      }

      answer: () => unknown = () => [{ uri: 'x://1' }, { name: 'no uri' }];

      items(): unknown {
        return this.answer();
      }
    }
    const broken = new Broken();
    client = await connectClient(createMcpServer([broken], info));
    await expect(client.listResources()).rejects.toMatchObject({
      code: ErrorCode.InternalError,
      message: expect.stringContaining(
        "Listing the resources of 'item' failed: Broken.items: its entry 1 is an object; expected { uri, name?, title?, description?, mimeType? } or a URI string",
      ) as string,
    });
    broken.answer = () => ['y://1'];
    await expect(client.listResources()).rejects.toMatchObject({
      message: expect.stringContaining('its entry 0 has the URI "y://1", which does not match the template "x://{id}"') as string,
    });
    broken.answer = () => {
      throw new Error('the catalogue is down');
    };
    await expect(client.listResources()).rejects.toMatchObject({
      code: ErrorCode.InternalError,
      message: expect.stringContaining("Listing the resources of 'item' failed: the catalogue is down") as string,
    });
  });

  it('refuses, when the server is made, a list on a fixed URI, a list naming no method, a list method that takes arguments, and one whose context cannot be injected', () => {
    class OnFixed {
      @Resource({ uri: 'x://all', list: 'all' })
      @LLMDescription('All')
      everything(): string {
        return '';
      }
      all(): string[] {
        return [];
      }
    }
    expect(() => createMcpServer([new OnFixed()], info)).toThrow(InvalidToolDefinitionError);
    expect(() => createMcpServer([new OnFixed()], info)).toThrow('"x://all" has no variables');

    class Misnamed {
      // @ts-expect-error -- the compiler refuses a list that names no method of the class
      @Resource({ uri: 'x://{id}', list: 'missing' })
      @LLMDescription('One')
      one(@LLMDescription('Id') id: string): string {
        return id;
      }
    }
    expect(() => createMcpServer([new Misnamed()], info)).toThrow("@Resource({ list: 'missing' }) names no method of Misnamed");

    class WithArguments {
      @Resource({ uri: 'x://{id}', list: 'some' })
      @LLMDescription('One')
      one(@LLMDescription('Id') id: string): string {
        return id;
      }
      @LLMDescription('Some')
      some(@LLMDescription('How many') count: number): string[] {
        return [`x://${count}`];
      }
    }
    expect(() => createMcpServer([new WithArguments()], info)).toThrow(
      "the list method of the resource 'one' must take no arguments (an AgentContext parameter is injected), but takes 'count'",
    );

    class Undecorated {
      @Resource({ uri: 'x://{id}', list: 'some' })
      @LLMDescription('One')
      one(@LLMDescription('Id') id: string): string {
        return id;
      }
      some(context: AgentContext): string[] {
        return [`x://${context.agentName}`];
      }
    }
    expect(() => createMcpServer([new Undecorated()], info)).toThrow(
      'the list method Undecorated.some takes a parameter but has no decorator, so TypeScript records no parameter types',
    );
  });
});
