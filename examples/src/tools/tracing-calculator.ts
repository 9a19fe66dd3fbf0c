import 'reflect-metadata';
import { type AgentContext, ContextAwareTool } from '@toolcraft/core';
import { CalculatorArgs } from './calculator-tool.js';

/** The state key under which the tracing calculator counts its calls in a run. */
export const CalculatorCallsKey = 'calculator.calls';

/** The calculator as a context-aware tool: it records each call in the run's state. */
export class TracingCalculatorTool extends ContextAwareTool<CalculatorArgs, number> {
  constructor() {
    super({ argsType: CalculatorArgs, name: 'tracing_calculator', description: 'Adds two digits (0-9) and records the call in the run.' });
  }

  /** Adds the digits and counts the call in `context.state`. */
  async execute(args: CalculatorArgs, context: AgentContext): Promise<number> {
    const calls = context.state.get<number>(CalculatorCallsKey) ?? 0;
    context.state.set(CalculatorCallsKey, calls + 1);
    context.state.set(`temp:last_call`, context.toolCallId);
    return args.digit1 + args.digit2;
  }
}
