import type { ReadonlyAgentContext } from '../context/readonly-agent-context.js';
import type { AnyTool } from '../tools/abstract-tool.js';

/**
 * A source of tools asked at the start of every model turn (ADK's `BaseToolset`), so the tools
 * offered may depend on the run's state: an MCP server's tools, admin tools only for admins.
 * Pass it in the agent's `tools` option; `agent.close()` calls its `close()` once.
 * @example
 * const adminTools: Toolset = {
 *   name: 'admin',
 *   getTools: (context) => (context.state.get('user:role') === 'admin' ? [deleteUserTool] : []),
 * };
 * const agent = new Agent({ model, tools: [calculator, adminTools] });
 */
export interface Toolset {
  /** The toolset's name, used in errors and reports (e.g. a name clash names the toolset). */
  readonly name: string;
  /**
   * The tools to offer for the coming model turn.
   * @param context - the run's id, the agent's name and a read-only view of its state
   * @returns the tools (bounded by the run's time limit and signal)
   */
  getTools(context: ReadonlyAgentContext): Iterable<AnyTool> | Promise<Iterable<AnyTool>>;
  /** Releases what the toolset holds (connections, child processes); called once by `agent.close()`. */
  close?(): Promise<void>;
}
