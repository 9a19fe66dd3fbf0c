import 'reflect-metadata';
import { readdir } from 'node:fs/promises';
import { startDemoUI } from '../src/dev-ui/demo-ui.js';

type Line = {
  kind: string;
  stopReason?: string;
  text?: string;
  interruptions?: Array<{ callId: string; toolName: string; arguments: string }>;
};

async function postLines(url: string, body: unknown): Promise<Line[]> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return (await response.text())
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Line);
}

describe('npm start -- --ui (the demo in the dev UI)', () => {
  it('serves the cleanup agent: its tools with what OpenAI is sent, and a chat whose deletions wait for approval', async () => {
    const demo = await startDemoUI({ port: 0, log: () => undefined, environment: {} });
    try {
      const described = (await (await fetch(`${demo.devtools.url}api/agent`)).json()) as {
        agent: { name: string };
        tools: Array<{ name: string; providers: Record<string, unknown> }>;
      };
      expect(described.agent.name).toBe('cleanup');
      expect(described.tools.map((tool) => tool.name)).toEqual(['list_files', 'delete_file']);
      expect(described.tools[1]!.providers['openai (chat completions)']).toMatchObject({
        type: 'function',
        function: { name: 'delete_file' },
      });

      const paused = await postLines(`${demo.devtools.url}api/chat`, {
        text: 'Delete the log files',
        sessionId: 'demo',
        runId: 'demo-run',
      });
      const done = paused.at(-1)!;
      expect(done).toMatchObject({ kind: 'done', stopReason: 'interrupted' });
      expect(done.interruptions!.map((item) => item.arguments)).toEqual(['{"name":"build.log"}', '{"name":"debug.log"}']);
      const [first, second] = done.interruptions!;
      const resumed = await postLines(`${demo.devtools.url}api/runs/resume`, {
        runId: 'demo-run',
        decisions: [
          { callId: first!.callId, action: 'approve', arguments: { name: 'build.log' } },
          { callId: second!.callId, action: 'reject', reason: 'keep the debug log' },
        ],
      });
      expect(resumed.at(-1)).toMatchObject({ kind: 'done', stopReason: 'completed', text: expect.stringContaining('deleted build.log') });
      expect((await readdir(demo.folder)).sort()).toEqual(['debug.log', 'notes.md']);
    } finally {
      await demo.close();
    }
  });
});
