import * as path from 'node:path';
import { checkToolSchemas, formatDifferences } from '@toolcraft/schema';
import { loadSupportDeskManifest } from '../src/schema-manifest/load-manifest';
import { runSchemaManifestExample } from '../src/schema-manifest/schema-manifest-example';

// Checking the manifest builds a TypeScript program: seconds on a busy machine.
jest.setTimeout(60_000);

const exampleDirectory = path.join(__dirname, '..', 'src', 'schema-manifest');

describe('the schema-manifest example', () => {
  it('commits a tool-schemas.json that matches the code', () => {
    const differences = checkToolSchemas({ project: path.join(exampleDirectory, 'tsconfig.json'), manifest: loadSupportDeskManifest() });
    expect(formatDifferences(differences, 'tool-schemas.json')).toBe('');
  });

  it('runs the support desk through the manifest', async () => {
    const lines: string[] = [];
    const results = await runSchemaManifestExample((line) => lines.push(line));
    expect(results.map((r) => [r.id, r.isError])).toEqual([
      ['call_1', false],
      ['call_2', false],
      ['call_3', true],
      ['call_4', false],
    ]);
    expect(results[0].content).toBe('Opened ticket #1 (urgent) for Ada.');
    expect(results[1].content).toBe('Opened ticket #2 (low) for alan@example.com.');
    expect(results[3].value).toEqual([expect.objectContaining({ id: 2, tags: [], openedBy: 'agent-user-42' })]);
  });

  it('rejects arguments outside the literal union and the email format, naming them', async () => {
    const [, , refused] = await runSchemaManifestExample(() => undefined);
    expect(refused.content).toContain('priority');
    expect(refused.content).toContain('email');
  });

  it('shows the model the enums, optional parameters and nested interface from the TypeScript types', async () => {
    const lines: string[] = [];
    await runSchemaManifestExample((line) => lines.push(line));
    const openTicket = JSON.parse(lines[0].slice('open_ticket: '.length));
    expect(openTicket.required).toEqual(['title', 'priority', 'contact']);
    expect(openTicket.properties.priority.enum).toEqual(['low', 'normal', 'urgent']);
    expect(openTicket.properties.contact.properties.email.format).toBe('email');
  });
});
