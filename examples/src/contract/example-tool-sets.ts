import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, type AgentToolsItem, type ChatModel, type ToolDefinition } from '@toolcraft/core';
import { ScriptedModel } from '@toolcraft/testing';
import { createCalculatorAgent } from '../agents/calculator-agent.js';
import { createCustomerSupport } from '../agents/customer-support.js';
import { CompanyFactsTool, ReadFindingsTool } from '../agents/parallel-research.js';
import { createTodoAgent } from '../agents/service-agent.js';
import { createThemeChatAgent } from '../agents/theme-chat.js';
import { createWeatherAgent } from '../agents/weather-agent.js';
import { exampleTools } from '../mcp/mcp-server.js';
import { createCleanupAgent } from '../pausing/cleanup-agent.js';
import { RequestReimbursement } from '../pausing/reimbursement.js';
import { getUserLocation } from '../pausing/user-location.js';
import { CastToDoubleTool } from '../tools/cast-to-double.js';
import { EditFileTool } from '../tools/edit-file.js';
import { MathService } from '../tools/math-service.js';

/** The tools of one example, as a model adapter is given them. */
export interface ExampleToolSet {
  /** The example (`'weather-agent'`). */
  name: string;
  /** Its tools' definitions, in the order the agent sends them. */
  definitions: readonly ToolDefinition[];
}

/**
 * Every tool of `examples/`, grouped by the example that offers it: what the contract snapshots
 * (`examples/test/contract/`) send through each model adapter, so a change to what a model is told
 * shows as a diff.
 * @returns one set per example, in a fixed order
 */
export function exampleToolSets(): ExampleToolSet[] {
  const model: ChatModel = new ScriptedModel([]);
  const agent = (name: string, built: Agent): ExampleToolSet => ({ name, definitions: built.toolDefinitions });
  const tools = (name: string, list: AgentToolsItem[]): ExampleToolSet => agent(name, new Agent({ model, tools: list }));
  const support = createCustomerSupport({ main: model, support: model });
  return [
    agent('calculator-agent', createCalculatorAgent(model, join(tmpdir(), 'toolcraft-contract'))),
    agent('customer-support', support.agent),
    ...support.agent.subAgents.map((sub) => agent(`customer-support/${sub.name}`, sub)),
    tools('parallel-research', [new CompanyFactsTool(), new ReadFindingsTool()]),
    agent('service-agent', createTodoAgent(model)),
    agent('theme-chat', createThemeChatAgent(model)),
    agent('weather-agent', createWeatherAgent(model)),
    tools('mcp-server', exampleTools()),
    agent('cleanup-agent', createCleanupAgent(model, join(tmpdir(), 'toolcraft-contract'))),
    tools('reimbursement', [new RequestReimbursement()]),
    tools('user-location', [getUserLocation]),
    tools('tools', [new CastToDoubleTool(), new EditFileTool(join(tmpdir(), 'toolcraft-contract')), new MathService()]),
  ];
}
