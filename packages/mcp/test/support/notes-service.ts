import 'reflect-metadata';
import { AgentContext, ToolResult } from '@toolcraft/core';
import { LLMDescription, Prompt, Resource, Tool } from '@toolcraft/core/annotations';

/** A 1x1 red PNG, base64. */
export const pixel = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/** Notes, with a tool, prompts and resources on one service class. */
export class Notes {
  readonly notes = new Map<string, string>([
    ['1', '# Groceries\nmilk, eggs'],
    ['2', '# Ideas\nan MCP server of decorators'],
  ]);

  @Tool()
  @LLMDescription('Adds a note')
  add(@LLMDescription('Its id') id: string, @LLMDescription('Its text') text: string): string {
    this.notes.set(id, text);
    return `added ${id}`;
  }

  @Resource({ uri: 'notes://{id}', mimeType: 'text/markdown' })
  @LLMDescription('One note')
  note(@LLMDescription('Note id') id: string): string {
    const text = this.notes.get(id);
    if (text === undefined) throw new Error(`no note ${id}`);
    return text;
  }

  @Resource({ uri: 'notes://index', title: 'All notes' })
  @LLMDescription('The ids of all notes')
  index(): { ids: string[] } {
    return { ids: [...this.notes.keys()] };
  }

  @Resource({ uri: 'notes://logo', mimeType: 'image/png' })
  @LLMDescription('The logo')
  logo(): Buffer {
    return Buffer.from(pixel, 'base64');
  }

  @Resource({ uri: 'pages://{page}' })
  @LLMDescription('A page of note ids')
  page(@LLMDescription({ description: 'Page number', type: 'integer' }) page: number): string {
    return `page ${page + 1}`;
  }

  @Prompt({ title: 'Summarise a note' })
  @LLMDescription('Summarise a note for a reader')
  summarise(
    @LLMDescription('Note id') id: string,
    @LLMDescription({ description: 'Audience', enum: ['child', 'expert', 'executive'] }) audience: string,
  ): string {
    return `Summarise for a ${audience}:\n${this.notes.get(id) ?? ''}`;
  }

  @Prompt({ customName: 'review' })
  @LLMDescription('Review a note, with its context')
  reviewPrompt(@LLMDescription('Note id') id: string, context: AgentContext): Array<{ role: 'user' | 'assistant'; content: unknown }> {
    return [
      { role: 'user', content: `Review note ${id} (asked by ${context.agentName}, call ${context.toolCallId})` },
      { role: 'assistant', content: 'Here is the note:' },
      {
        role: 'user',
        content: {
          type: 'file',
          data: Buffer.from(this.notes.get(id) ?? '').toString('base64'),
          mediaType: 'text/markdown',
          filename: `notes://${id}`,
        },
      },
    ];
  }

  @Prompt()
  @LLMDescription('Describe the logo')
  describeLogo(): ToolResult.Parts {
    return ToolResult.parts([
      { type: 'image', data: pixel, mediaType: 'image/png' },
      { type: 'text', text: 'Describe this image.' },
    ]);
  }

  @Prompt()
  @LLMDescription('Fails')
  broken(): string {
    throw new Error('the template is missing');
  }
}
