import 'reflect-metadata';
import { Agent, type ChatModel, type Feature, ToolRegistry } from '@toolcraft/core';
import type { ScriptedTurn } from '@toolcraft/testing';
import { CastToDoubleTool } from '../tools/cast-to-double.js';
import { EditFileTool } from '../tools/edit-file.js';
import { MathService } from '../tools/math-service.js';
import { SpanAwareCalculatorTool } from '../tools/span-aware-calculator.js';
import { TracingCalculatorTool } from '../tools/tracing-calculator.js';

/** The instructions of the calculator agent. */
export const calculatorInstructions =
  'You are a precise assistant. Use the tools for arithmetic and file edits; never compute sums yourself. ' +
  'When a tool answers with an error, read it, fix the arguments and try again.';

/**
 * Builds the agent over the seed's tools: the calculator (annotated method), cast_to_double,
 * the tracing and span-aware calculators, and edit_file in a workspace folder.
 * @param model - the chat model
 * @param workspace - the folder edit_file may change
 * @param features - features such as tracing
 * @returns the agent
 */
export function createCalculatorAgent(model: ChatModel, workspace: string, features: Feature[] = []): Agent {
  const registry = ToolRegistry.builder()
    .tools(new MathService())
    .tool(new CastToDoubleTool())
    .tool(new TracingCalculatorTool())
    .tool(new SpanAwareCalculatorTool())
    .tool(new EditFileTool(workspace))
    .build();
  return new Agent({ model, name: 'calculator_agent', registry, instructions: calculatorInstructions, features, maxIterations: 8 });
}

/** The question the demo asks. */
export const calculatorQuestion =
  'Add 3 and 4, cast "2.5" to a double, add 5 and 2 inside a trace span, and write the first sum into notes.md in place of TODO.';

/** The offline script for {@link calculatorQuestion}: parallel calls, a validation error the model fixes, then the edit. */
export const calculatorScript: ScriptedTurn[] = [
  {
    text: 'I will use the tools.',
    toolCalls: [
      { name: 'calculator', arguments: { digit1: 3, digit2: 4 } },
      { name: 'cast_to_double', arguments: { expression: '2.5', comment: 'as asked' } },
      { name: 'span_aware_calculator', arguments: '{"digit1":5,"digit2":12}' },
    ],
  },
  {
    toolCalls: [
      { name: 'span_aware_calculator', arguments: { digit1: 5, digit2: 2 } },
      { name: 'tracing_calculator', arguments: { digit1: 1, digit2: 1 } },
    ],
  },
  {
    toolCalls: [
      { name: 'edit_file', arguments: { path: 'notes.md', original: 'TODO', replacement: '3 + 4 = 7', reason: 'record the sum' } },
    ],
  },
  { text: '3 + 4 = 7, "2.5" is 2.5 as a double, 5 + 2 = 7 inside trace span span-3, and notes.md now says "3 + 4 = 7".' },
];
