import { Agent, type AgentContext, type AgentStream, ContextAwareTool, ToolRegistry } from '@toolcraft/core';
import { ScriptedModel } from '@toolcraft/testing';

/** Compiles a report in steps, reporting progress after each (a slow tool). */
class CompileReportTool extends ContextAwareTool<{ topic: string }, string> {
  constructor(private readonly stepMs: number) {
    super({
      argsType: { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] },
      name: 'compile_report',
      description: 'Compiles a report on a topic (slow).',
    });
  }
  async execute(args: { topic: string }, context: AgentContext): Promise<string> {
    const steps = ['gathering sources', 'reading', 'writing'];
    for (const [index, step] of steps.entries()) {
      await new Promise((resolve) => setTimeout(resolve, this.stepMs));
      context.signal.throwIfAborted();
      context.reportProgress(index + 1, steps.length, step);
    }
    return `Report on ${args.topic}: 3 sources, all positive.`;
  }
}

/**
 * A streamed run for the demo: text arrives in pieces, each tool call starts, reports progress and
 * finishes as it happens. Offline (a scripted model).
 * @param stepMs - how long each step of the slow tool takes
 * @returns the stream
 */
export function streamDemoRun(stepMs = 150): AgentStream {
  const model = new ScriptedModel(
    [
      {
        text: 'Let me compile that report.',
        toolCalls: [{ id: 'call_report', name: 'compile_report', arguments: { topic: 'solar power' } }],
      },
      { text: 'The report on solar power found 3 sources, all positive.' },
    ],
    { chunkSize: 6 },
  );
  return new Agent({ name: 'reporter', model, registry: ToolRegistry.of(new CompileReportTool(stepMs)) }).stream(
    'Write me a report on solar power.',
  );
}

/**
 * Prints a stream as it happens, line by line (no control codes, so a pipe or a log file reads it too):
 * text is printed as it arrives when `write` is given, else one line per message.
 * @param stream - the run's events
 * @param log - where whole lines go
 * @param write - where text pieces go as they arrive (a TTY's stdout), if anywhere
 */
export async function printStream(stream: AgentStream, log: (line: string) => void, write?: (text: string) => void): Promise<void> {
  let line = '';
  const flush = () => {
    if (line === '') return;
    if (write) write('\n');
    else log(`assistant> ${line}`);
    line = '';
  };
  for await (const event of stream) {
    switch (event.type) {
      case 'text_delta':
        if (write && line === '') write('assistant> ');
        write?.(event.delta);
        line += event.delta;
        break;
      case 'message':
        flush();
        break;
      case 'tool_call_started':
        log(`  → ${event.toolName}(${event.arguments}) started`);
        break;
      case 'tool_progress':
        log(`    … ${event.toolName} ${event.done}/${event.total ?? '?'}${event.message ? `: ${event.message}` : ''}`);
        break;
      case 'tool_call_completed':
        log(`  ✓ ${event.toolName} ${event.result.isError ? 'failed' : 'finished'}: ${event.result.content}`);
        break;
      case 'run_completed':
        log(`[stop: ${event.stopReason}]`);
        break;
      default:
        log(`  (${event.type})`);
    }
  }
}
