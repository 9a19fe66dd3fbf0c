import 'reflect-metadata';
import { ToolBase, type ToolCallMetadata } from '@toolcraft/core';
import { CalculatorArgs } from './calculator-tool.js';

/** The result of the span-aware calculator: the sum and the span it ran in. */
export interface SpanAwareSum {
  sum: number;
  spanId: string | null;
}

/** The calculator as a raw-metadata tool: it reads `trace.span.id` from the call's metadata. */
export class SpanAwareCalculatorTool extends ToolBase<CalculatorArgs, SpanAwareSum> {
  constructor() {
    super({ argsType: CalculatorArgs, name: 'span_aware_calculator', description: 'Adds two digits (0-9) inside the current trace span.' });
  }

  /** Adds the digits and reports the span id it saw. */
  async execute(args: CalculatorArgs, metadata: ToolCallMetadata): Promise<SpanAwareSum> {
    const spanId = metadata.get('trace.span.id');
    return { sum: args.digit1 + args.digit2, spanId: typeof spanId === 'string' ? spanId : null };
  }
}
