import 'reflect-metadata';
import { LLMDescription, Prompt, Resource, Tool, type ListedResource } from '@toolcraft/core/annotations';

/**
 * A notebook served over MCP from one class: its notes are resources (a URI template whose `list`
 * method names every note, so clients find them in `resources/list`), `summarise` is a prompt with
 * an argument of allowed values (which completes itself), and `addNote` a tool.
 */
export class Notebook {
  private readonly notes = new Map<string, { title: string; text: string }>([
    ['1', { title: 'Groceries', text: 'milk, eggs, coffee' }],
    ['2', { title: 'MCP', text: 'Resources are read by the client; tools are called by the model; prompts are picked by the user.' }],
  ]);

  @Resource({ uri: 'notes://{id}', mimeType: 'text/markdown', list: 'allNotes' })
  @LLMDescription('One note, as Markdown')
  note(@LLMDescription('The note id') id: string): string {
    const note = this.notes.get(id);
    if (note === undefined) throw new Error(`there is no note ${id}`);
    return `# ${note.title}\n\n${note.text}`;
  }

  /** @returns every note, for `resources/list` */
  allNotes(): ListedResource[] {
    return [...this.notes].map(([id, note]) => ({ uri: `notes://${id}`, name: `note-${id}`, title: note.title }));
  }

  @Prompt({ title: 'Summarise a note' })
  @LLMDescription('Asks for a summary of a note, for a reader')
  summarise(
    @LLMDescription('The note id') id: string,
    @LLMDescription({ description: 'Who reads the summary', enum: ['child', 'expert'] }) audience: string,
  ): string {
    const reader = audience === 'expert' ? 'an expert' : 'a child';
    return `Summarise the note notes://${id} in one sentence, for ${reader}. Find it with list_resources and read it with read_resource.`;
  }

  @Tool()
  @LLMDescription('Adds a note and returns its URI')
  addNote(@LLMDescription('Its title') title: string, @LLMDescription('Its text') text: string): string {
    const id = String(this.notes.size + 1);
    this.notes.set(id, { title, text });
    return `notes://${id}`;
  }
}
