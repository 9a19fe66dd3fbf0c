import type { ScriptedModel } from '@toolcraft/testing';
import { type AgentContext, type AgentEvent, ContextAwareTool } from '../../src/index.js';

/** Arguments of {@link StepTool}. */
export interface StepArgs {
  steps: number;
  label?: string;
}

/**
 * Works in `steps` steps, each a macrotask (or until `gate` opens), reporting progress after each;
 * records whether its signal was aborted.
 */
export class StepTool extends ContextAwareTool<StepArgs, string> {
  aborted = false;
  started = 0;
  constructor(
    name = 'step',
    private readonly gate?: Promise<void>,
  ) {
    super({
      argsType: { type: 'object', properties: { steps: { type: 'integer' }, label: { type: 'string' } }, required: ['steps'] },
      name,
      description: 'Works in steps.',
    });
  }
  async execute(args: StepArgs, context: AgentContext): Promise<string> {
    this.started++;
    context.signal.addEventListener('abort', () => (this.aborted = true), { once: true });
    context.reportProgress(0, args.steps, `${args.label ?? this.name} starting`);
    for (let step = 1; step <= args.steps; step++) {
      await (this.gate ?? new Promise((resolve) => setImmediate(resolve)));
      context.signal.throwIfAborted();
      context.reportProgress(step, args.steps, `${args.label ?? this.name} ${step}/${args.steps}`);
    }
    return `${args.label ?? this.name} done`;
  }
}

/**
 * Reads a whole stream.
 * @param stream - the events
 * @returns them, in order
 */
export async function collect(stream: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/**
 * A scripted model without `stream` (only `complete`), to check whole-message streaming.
 * @param model - the scripted model
 * @returns a model that only completes
 */
export function completeOnly(model: ScriptedModel): { complete: ScriptedModel['complete'] } {
  return { complete: (request) => model.complete(request) };
}
