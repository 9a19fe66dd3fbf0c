// The server of the conformance suite's server scenarios (@modelcontextprotocol/conformance 0.1.13),
// written as a toolcraft user would: @Tool, @Resource and @Prompt methods of service classes, served by
// createMcpHttpHandler with sessions. Each tool, resource and prompt is the one a scenario names.
import 'reflect-metadata';
import { AgentContext, Tool as ClassTool, ToolResult } from '@toolcraft/core';
import { LLMDescription, Prompt, Resource, Tool } from '@toolcraft/core/annotations';
import { createMcpHttpHandler, InMemoryMcpSessionStore, mcpRequestOf, McpResourceUpdates, type McpHttpEndpoint } from '@toolcraft/mcp';

const pixel = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const wav = 'UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=';
const base64 = (text: string) => Buffer.from(text).toString('base64');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class ConformanceTools {
  @Tool()
  @LLMDescription('Tests simple text content response')
  test_simple_text(): string {
    return 'This is a simple text response for testing.';
  }

  @Tool()
  @LLMDescription('Tests image content response')
  test_image_content(): ToolResult.Parts {
    return ToolResult.image(pixel, 'image/png');
  }

  @Tool()
  @LLMDescription('Tests audio content response')
  test_audio_content(): ToolResult.Parts {
    return ToolResult.parts([{ type: 'file', data: wav, mediaType: 'audio/wav' }]);
  }

  @Tool()
  @LLMDescription('Tests embedded resource content response')
  test_embedded_resource(): ToolResult.Parts {
    return ToolResult.parts([
      {
        type: 'file',
        data: base64('This is an embedded resource content.'),
        mediaType: 'text/plain',
        filename: 'test://embedded-resource',
      },
    ]);
  }

  @Tool()
  @LLMDescription('Tests response with multiple content types (text, image, resource)')
  test_multiple_content_types(): ToolResult.Parts {
    return ToolResult.parts([
      { type: 'text', text: 'Multiple content types test:' },
      { type: 'image', data: pixel, mediaType: 'image/png' },
      {
        type: 'file',
        data: base64(JSON.stringify({ test: 'data', value: 123 })),
        mediaType: 'application/json',
        filename: 'test://mixed-content-resource',
      },
    ]);
  }

  @Tool()
  @LLMDescription('Tests tool that emits log messages during execution')
  async test_tool_with_logging(context: AgentContext): Promise<string> {
    context.log('info', 'Tool execution started');
    await pause(50);
    context.log('info', 'Tool processing data');
    await pause(50);
    context.log('info', 'Tool execution completed');
    return 'Tool with logging executed successfully';
  }

  @Tool()
  @LLMDescription('Tests tool that reports progress notifications')
  async test_tool_with_progress(context: AgentContext): Promise<string> {
    for (const done of [0, 50, 100]) {
      context.reportProgress(done, 100, `Completed step ${done} of 100`);
      if (done < 100) await pause(50);
    }
    return 'Progress reported';
  }

  @Tool()
  @LLMDescription('Tests error response handling')
  test_error_handling(): string {
    throw new Error('This tool intentionally returns an error for testing');
  }

  @Tool()
  @LLMDescription('Tests SSE stream disconnection and client reconnection (SEP-1699)')
  async test_reconnection(context: AgentContext): Promise<string> {
    mcpRequestOf(context)?.closeStream?.();
    await pause(100);
    return 'Reconnection test completed successfully. If you received this, the client properly reconnected after stream closure.';
  }

  @Tool()
  @LLMDescription('Tests server-initiated sampling (LLM completion request)')
  async test_sampling(@LLMDescription('The prompt to send to the LLM') prompt: string, context: AgentContext): Promise<string> {
    const answer = await context.sample({ messages: prompt, maxTokens: 100 });
    return `LLM response: ${answer.text}`;
  }

  @Tool()
  @LLMDescription('Tests server-initiated elicitation (user input request)')
  async test_elicitation(@LLMDescription('The message to show the user') message: string, context: AgentContext): Promise<string> {
    const answer = await context.elicit(
      {
        type: 'object',
        properties: {
          username: { type: 'string', description: "User's response" },
          email: { type: 'string', description: "User's email address" },
        },
        required: ['username', 'email'],
      },
      message,
    );
    return `User response: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`;
  }

  @Tool()
  @LLMDescription('Tests elicitation with default values per SEP-1034')
  async test_elicitation_sep1034_defaults(context: AgentContext): Promise<string> {
    const answer = await context.elicit(
      {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'User name', default: 'John Doe' },
          age: { type: 'integer', description: 'User age', default: 30 },
          score: { type: 'number', description: 'User score', default: 95.5 },
          status: { type: 'string', description: 'User status', enum: ['active', 'inactive', 'pending'], default: 'active' },
          verified: { type: 'boolean', description: 'Verification status', default: true },
        },
        required: [],
      },
      'Please review and update the form fields with defaults',
    );
    return `Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`;
  }

  @Tool()
  @LLMDescription('Tests elicitation with enum schema improvements per SEP-1330')
  async test_elicitation_sep1330_enums(context: AgentContext): Promise<string> {
    const titled = (label: string) =>
      [1, 2, 3].map((n) => ({ const: `value${n}`, title: `${['First', 'Second', 'Third'][n - 1]} ${label}` }));
    const answer = await context.elicit(
      {
        type: 'object',
        properties: {
          untitledSingle: { type: 'string', description: 'Select one option', enum: ['option1', 'option2', 'option3'] },
          titledSingle: { type: 'string', description: 'Select one option with titles', oneOf: titled('Option') },
          legacyEnum: {
            type: 'string',
            description: 'Select one option (legacy)',
            enum: ['opt1', 'opt2', 'opt3'],
            enumNames: ['Option One', 'Option Two', 'Option Three'],
          },
          untitledMulti: {
            type: 'array',
            description: 'Select multiple options',
            minItems: 1,
            maxItems: 3,
            items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
          },
          titledMulti: {
            type: 'array',
            description: 'Select multiple options with titles',
            minItems: 1,
            maxItems: 3,
            items: { anyOf: titled('Choice') },
          },
        },
        required: [],
      },
      'Please select options from the enum fields',
    );
    return `Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`;
  }
}

/** The SEP-1613 tool: its input schema is raw JSON Schema 2020-12 ($schema, $defs, additionalProperties), kept as written. */
class JsonSchema202012Tool extends ClassTool<{ name?: string; address?: { street?: string; city?: string } }, string> {
  constructor() {
    super({
      name: 'json_schema_2020_12_tool',
      description: 'Tool with JSON Schema 2020-12 features for conformance testing (SEP-1613)',
      argsType: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        $defs: { address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } } },
        properties: { name: { type: 'string' }, address: { $ref: '#/$defs/address' } },
        additionalProperties: false,
      },
    });
  }
  execute(args: { name?: string; address?: { street?: string; city?: string } }): string {
    return `JSON Schema 2020-12 tool called with: ${JSON.stringify(args)}`;
  }
}

class ConformanceResources {
  @Resource({ uri: 'test://static-text', mimeType: 'text/plain', title: 'Static Text Resource' })
  @LLMDescription('A static text resource for testing')
  static_text(): string {
    return 'This is the content of the static text resource.';
  }

  @Resource({ uri: 'test://static-binary', mimeType: 'image/png', title: 'Static Binary Resource' })
  @LLMDescription('A static binary resource (image) for testing')
  static_binary(): Buffer {
    return Buffer.from(pixel, 'base64');
  }

  @Resource({ uri: 'test://template/{id}/data', mimeType: 'application/json', title: 'Resource Template' })
  @LLMDescription('A resource template with parameter substitution')
  template(@LLMDescription('The id') id: string): { id: string; templateTest: boolean; data: string } {
    return { id, templateTest: true, data: `Data for ID: ${id}` };
  }

  @Resource({ uri: 'test://watched-resource', mimeType: 'text/plain', title: 'Watched Resource' })
  @LLMDescription('A resource clients subscribe to')
  watched_resource(): string {
    return 'Watched resource content';
  }
}

class ConformancePrompts {
  @Prompt({ title: 'Simple Test Prompt' })
  @LLMDescription('A simple prompt without arguments')
  test_simple_prompt(): string {
    return 'This is a simple prompt for testing.';
  }

  @Prompt({ title: 'Prompt With Arguments' })
  @LLMDescription('A prompt with required arguments')
  test_prompt_with_arguments(
    @LLMDescription('First test argument') arg1: string,
    @LLMDescription('Second test argument') arg2: string,
  ): string {
    return `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`;
  }

  @Prompt({ title: 'Prompt With Embedded Resource' })
  @LLMDescription('A prompt that includes an embedded resource')
  test_prompt_with_embedded_resource(@LLMDescription('URI of the resource to embed') resourceUri: string): ToolResult.Parts {
    return ToolResult.parts([
      { type: 'file', data: base64('Embedded resource content for testing.'), mediaType: 'text/plain', filename: resourceUri },
      { type: 'text', text: 'Please process the embedded resource above.' },
    ]);
  }

  @Prompt({ title: 'Prompt With Image' })
  @LLMDescription('A prompt that includes image content')
  test_prompt_with_image(): ToolResult.Parts {
    return ToolResult.parts([
      { type: 'image', data: pixel, mediaType: 'image/png' },
      { type: 'text', text: 'Please analyze the image above.' },
    ]);
  }
}

/**
 * The conformance server's handler: stateful (sessions in memory, a short SSE retry for SEP-1699).
 * @returns the handler
 */
export function everythingHandler(): McpHttpEndpoint {
  return createMcpHttpHandler([new ConformanceTools(), new JsonSchema202012Tool(), new ConformanceResources(), new ConformancePrompts()], {
    name: 'toolcraft-conformance-server',
    version: '1.0.0',
    sessions: new InMemoryMcpSessionStore(),
    retryIntervalMs: 500,
    resourceUpdates: new McpResourceUpdates(),
  });
}
