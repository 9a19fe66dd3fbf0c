import { type AgentContext, ContextAwareTool } from '@toolcraft/core';

/** The arguments of {@link CountdownTool}. */
export interface CountdownArgs {
  from: number;
}

/**
 * Counts down to zero, reporting each step with `context.reportProgress` (an MCP client that asked
 * for progress receives a notification per step).
 */
export class CountdownTool extends ContextAwareTool<CountdownArgs, string> {
  constructor() {
    super({
      name: 'countdown',
      description: 'Counts down from a number to zero, reporting progress, and says liftoff.',
      argsType: {
        type: 'object',
        properties: { from: { type: 'integer', minimum: 1, maximum: 100, description: 'Where to start (1-100)' } },
        required: ['from'],
        additionalProperties: false,
      },
    });
  }

  /** Counts down, one step per event-loop turn. */
  async execute({ from }: CountdownArgs, context: AgentContext): Promise<string> {
    for (let left = from; left > 0; left--) {
      context.signal.throwIfAborted();
      context.reportProgress(from - left + 1, from, `${left}...`);
      await new Promise((resolve) => setImmediate(resolve));
    }
    return `Liftoff after counting down from ${from}.`;
  }
}
