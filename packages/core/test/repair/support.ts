import 'reflect-metadata';
import { ScriptedModel } from '@toolcraft/testing';
import { Agent, type AgentOptions, type FeatureErrorReport, type ModelToolCall } from '../../src/index.js';
import { AddTool, type DigitsArgs } from '../support/calculator.js';

/**
 * An agent whose model sends one turn of calls (arguments as raw text, bad JSON included), then answers;
 * it records what the calculator was called with and the reports of failed hooks.
 */
export function agentCalling(calls: Array<Omit<ModelToolCall, 'id'> & { id?: string }>, options: Partial<AgentOptions> = {}) {
  const reports: FeatureErrorReport[] = [];
  const seen: DigitsArgs[] = [];
  const model = new ScriptedModel([{ toolCalls: calls }, { text: 'done' }]);
  const agent = new Agent({
    model,
    tools: [new AddTool('calculator', (args) => (seen.push(args), args.digit1 + args.digit2))],
    onFeatureError: (report) => void reports.push(report),
    ...options,
  });
  return { agent, model, reports, seen };
}
