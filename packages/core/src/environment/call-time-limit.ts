import type { AnyTool } from '../tools/abstract-tool.js';
import type { AgentEnvironment } from './agent-environment.js';

/**
 * The time limit of a call of a tool dispatched by an environment: the tool's own `timeoutMs`, else
 * the environment's `toolTimeoutMs`; none when neither is set.
 * @param tool - the tool
 * @param environment - the environment that dispatches it
 * @returns the limit in ms, or undefined
 */
export function callTimeLimit(tool: AnyTool, environment: AgentEnvironment): number | undefined {
  return tool.timeoutMs ?? environment.toolTimeoutMs;
}
