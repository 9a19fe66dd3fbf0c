import type { AgentContext } from '../../context/agent-context.js';
import { ContextAwareTool } from '../../tools/context-aware-tool.js';

/** The name of the generated handoff tool (Google ADK's). */
export const transferToolName = 'transfer_to_agent';

/** An agent the model may hand the conversation to. */
export interface TransferTarget {
  /** The agent's name. */
  name: string;
  /** What it does, for the model. */
  description?: string;
}

/**
 * The generated `transfer_to_agent` tool (Google ADK's): the model names one of the agents it may hand
 * the conversation to (an enum of their names; their descriptions in the tool's description), and the
 * run continues with that agent on the same transcript.
 * @internal
 */
export class TransferToAgentTool extends ContextAwareTool<{ agent_name: string }, string> {
  /** @param targets - the agents it may transfer to, in order */
  constructor(readonly targets: readonly TransferTarget[]) {
    super({
      name: transferToolName,
      description: [
        'Hands the conversation to another agent better suited to answer; that agent continues from here.',
        'The agents:',
        ...targets.map((target) => `- ${target.name}${target.description ? `: ${target.description}` : ''}`),
      ].join('\n'),
      argsType: {
        type: 'object',
        properties: {
          agent_name: { type: 'string', enum: targets.map((target) => target.name), description: 'The agent to hand over to' },
        },
        required: ['agent_name'],
        additionalProperties: false,
      },
      effects: 'read',
    });
  }

  execute(args: { agent_name: string }, context: AgentContext): string {
    context.actions.transferToAgent = args.agent_name;
    return `Transferring to ${args.agent_name}.`;
  }
}
