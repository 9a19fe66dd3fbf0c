import 'reflect-metadata';
import { AgentEnvironment, ToolRegistry } from '@toolcraft/core';
import { CalculatorTool } from './tools/calculator-tool.js';
import { CastToDoubleTool } from './tools/cast-to-double.js';
import { MathService } from './tools/math-service.js';
import { SpanAwareCalculatorTool } from './tools/span-aware-calculator.js';
import { TracingFeature } from './tools/tracing-feature.js';

/**
 * Builds a registry from class tools and an annotated service, and executes a few tool calls
 * the way a model would send them, printing each result.
 * @returns the results, for tests
 */
export async function runRegistryExample(log: (line: string) => void = console.log) {
  const service = new MathService();
  const registry = ToolRegistry.builder().tool(new CastToDoubleTool()).tool(new SpanAwareCalculatorTool()).tools(service).build();
  const env = new AgentEnvironment({ registry, features: [new TracingFeature()] });
  log(`Registered tools: ${registry.tools.map((tool) => tool.name).join(', ')}`);
  const results = await env.executeTools([
    { id: 'call_1', name: 'calculator', arguments: '{"digit1":3,"digit2":4}' },
    { id: 'call_2', name: 'span_aware_calculator', arguments: '{"digit1":5,"digit2":2}' },
    { id: 'call_3', name: 'cast_to_double', arguments: '{"expression":"2.5","comment":"from the example"}' },
    { id: 'call_4', name: 'calculator', arguments: '{"digit1":"x","digit2":42}' },
    { id: 'call_5', name: 'calculater', arguments: '{}' },
  ]);
  for (const result of results) log(`${result.id} ${result.name} ${result.isError ? 'ERROR' : 'ok'}: ${result.content}`);
  log(`Standalone class tool: ${(await new CalculatorTool().execute({ digit1: 1, digit2: 2 })).toString()}`);
  return results;
}

if (require.main === module) {
  runRegistryExample().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
