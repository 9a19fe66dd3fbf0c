import type { ArgsDecoder } from '../decoding/args-decoder.js';
import type { ToolNeeds } from '../tools/invoke-tool.js';

/** Where one positional argument of a tool method comes from. */
export type ParameterSlot = { kind: 'argument'; name: string } | { kind: 'argsObject' } | { kind: 'context' } | { kind: 'metadata' };

/** How a tool method's parameters are decoded and filled. */
export interface ParameterPlan {
  /** Decodes the model's argument object (Dates and Args class instances built by its instance plan). */
  decoder: ArgsDecoder<unknown>;
  /** One slot per method parameter, in order. */
  slots: ParameterSlot[];
  /** What the method needs from the call besides its arguments. */
  needs: ToolNeeds;
}

/**
 * What a method needs, from its slots.
 * @param slots - the method's parameter slots
 * @returns 'metadata' when it takes metadata, 'context' when it takes the context, else 'nothing'
 */
export function needsOf(slots: readonly ParameterSlot[]): ToolNeeds {
  if (slots.some((slot) => slot.kind === 'metadata')) return 'metadata';
  if (slots.some((slot) => slot.kind === 'context')) return 'context';
  return 'nothing';
}
