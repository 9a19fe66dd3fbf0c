import 'reflect-metadata';
import { printStream, streamDemoRun } from '../src/stream-demo.js';

describe('streaming demo', () => {
  it('prints each message, the tool call start, its progress lines and its end, in order, without control codes', async () => {
    const lines: string[] = [];
    const stream = streamDemoRun(1);
    await printStream(stream, (line) => lines.push(line));
    expect(lines).toEqual([
      'assistant> Let me compile that report.',
      '  → compile_report({"topic":"solar power"}) started',
      '    … compile_report 1/3: gathering sources',
      '    … compile_report 2/3: reading',
      '    … compile_report 3/3: writing',
      '  ✓ compile_report finished: Report on solar power: 3 sources, all positive.',
      'assistant> The report on solar power found 3 sources, all positive.',
      '[stop: completed]',
    ]);
    expect(lines.join('\n').includes(String.fromCharCode(27))).toBe(false);
    expect((await stream.result).stopReason).toBe('completed');
  });
});
