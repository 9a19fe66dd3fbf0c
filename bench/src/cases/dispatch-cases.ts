import { AgentEnvironment, ToolRegistry, type ToolCall } from '@toolcraft/core';
import type { BenchCase } from '../measure';
import { CalculatorTool, invalidCall, MathService, validCall } from './calculator';
import { classValidatorCalculator } from './class-validator-reference';
import { handWrittenCalculator, handWrittenInvalid } from './hand-written';

/** How many calls case (e) sends in one `executeTools` batch. */
export const batchSize = 100;

/** The environments the single-tool cases dispatch through. */
export interface DispatchEnvironments {
  /** (b), (d), (e), (i): the class-based calculator. */
  classBased: AgentEnvironment;
  /** (c): the annotated `MathService.add`. */
  annotated: AgentEnvironment;
}

/** @returns fresh environments, each with one calculator tool */
export function createEnvironments(): DispatchEnvironments {
  return {
    classBased: new AgentEnvironment({ registry: ToolRegistry.of(new CalculatorTool()) }),
    annotated: new AgentEnvironment({ registry: ToolRegistry.builder().tools(new MathService()).build() }),
  };
}

/** The 100 calls of case (e), each with its own id. */
export function batchCalls(): ToolCall[] {
  return Array.from({ length: batchSize }, (_, index) => ({ ...validCall, id: `call_${index}` }));
}

/**
 * The cases timed side by side: (a) to (e), the class-validator reference and the harness's own cost.
 * @param environments - the environments to dispatch through
 * @returns the cases, keyed a, b, c, d, d0, e, e0, ref and noop
 */
export function dispatchCases(environments: DispatchEnvironments): BenchCase[] {
  const { classBased, annotated } = environments;
  const calls = batchCalls();
  const settled = { id: 'call_0', name: 'noop', content: '', isError: false };
  return [
    {
      key: 'a',
      label: 'hand-written: JSON.parse, checks, add, JSON.stringify',
      run: () => handWrittenCalculator(validCall),
      callsPerRun: 1,
    },
    {
      key: 'b',
      label: 'env.executeTool, class-based Tool<CalculatorArgs, number>',
      run: () => classBased.executeTool(validCall),
      callsPerRun: 1,
    },
    {
      key: 'c',
      label: 'env.executeTool, annotated @Tool method add(digit1, digit2)',
      run: () => annotated.executeTool(validCall),
      callsPerRun: 1,
    },
    {
      key: 'd',
      label: 'env.executeTool, invalid {"digit1":"x","digit2":42}',
      run: () => classBased.executeTool(invalidCall),
      callsPerRun: 1,
    },
    { key: 'd0', label: 'hand-written invalid path (parse, checks, message)', run: () => handWrittenInvalid(invalidCall), callsPerRun: 1 },
    {
      key: 'e',
      label: `env.executeTools, ${batchSize} calls (per call)`,
      run: () => classBased.executeTools(calls),
      callsPerRun: batchSize,
    },
    {
      key: 'e0',
      label: `hand-written, Promise.all of ${batchSize} (per call)`,
      run: () => Promise.all(calls.map((call) => handWrittenCalculator(call as typeof validCall))),
      callsPerRun: batchSize,
    },
    { key: 'ref', label: 'reference: plainToInstance + validate per call', run: () => classValidatorCalculator(validCall), callsPerRun: 1 },
    { key: 'noop', label: 'harness: an async function returning a constant', run: async () => settled, callsPerRun: 1 },
  ];
}
