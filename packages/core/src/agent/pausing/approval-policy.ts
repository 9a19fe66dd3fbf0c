import type { AgentContext } from '../../context/agent-context.js';
import type { AnyTool } from '../../tools/abstract-tool.js';
import { InvalidAgentOptionsError } from '../../errors/invalid-agent-options-error.js';
import { askApprovalPredicate } from './ask-approval-predicate.js';

/** A call an agent's approval predicate is asked about. */
export interface ApprovalRequest {
  /** The tool called. */
  tool: AnyTool;
  /** The call's arguments, decoded and validated. */
  args: unknown;
  /** The call's id. */
  callId: string;
}

/**
 * Which calls of an agent's run need a person's approval, besides those whose tool says so with
 * `needsApproval`: `'none'` (default), `'destructive'` (tools with `effects: 'destructive'`),
 * `'write'` (write and destructive), `'all'`, or a predicate. A tool's own `needsApproval` (true,
 * false or a predicate) wins over the agent's policy.
 */
export type ApprovalPolicy =
  'none' | 'destructive' | 'write' | 'all' | ((request: ApprovalRequest, context: AgentContext) => boolean | Promise<boolean>);

/** The approval policies an agent accepts by name. */
export const approvalPolicyNames: readonly string[] = ['none', 'destructive', 'write', 'all'];

/**
 * Whether a call needs approval: the tool's own `needsApproval` when set, else the agent's policy.
 * A predicate that throws, rejects, outlives the run's signal or takes longer than `timeoutMs` (the
 * call's time limit) counts as a yes (the safe answer).
 * @param request - the tool, the decoded arguments and the call's id
 * @param policy - the agent's policy
 * @param context - the call's context
 * @param timeoutMs - how long the predicate may take: the call's time limit (none when undefined)
 * @returns true when a person must approve the call first
 */
export async function needsApproval(
  request: ApprovalRequest,
  policy: ApprovalPolicy,
  context: AgentContext,
  timeoutMs?: number,
): Promise<boolean> {
  const own = request.tool.needsApproval;
  const decide =
    own !== undefined
      ? own
      : typeof policy === 'function'
        ? (args: unknown, callContext: AgentContext) => policy({ ...request, args }, callContext)
        : selects(policy, request.tool);
  if (typeof decide === 'boolean') return decide;
  return askApprovalPredicate(decide, request.args, context, { timeoutMs });
}

/**
 * @param policy - a named policy
 * @param tool - the tool
 * @returns whether the policy selects the tool
 */
function selects(policy: Exclude<ApprovalPolicy, (...args: never[]) => unknown>, tool: AnyTool): boolean {
  switch (policy) {
    case 'all':
      return true;
    case 'write':
      return tool.effects === 'write' || tool.effects === 'destructive';
    case 'destructive':
      return tool.effects === 'destructive';
    default:
      return false;
  }
}

/**
 * Whether a policy can ever ask for approval without a tool saying so.
 * @param policy - the agent's policy
 * @returns false for `'none'`
 */
export function policyMayAsk(policy: ApprovalPolicy): boolean {
  return policy !== 'none';
}

/**
 * Reads the agent's `approvals` option.
 * @param policy - the option's value
 * @returns the policy (`'none'` when absent)
 * @throws InvalidAgentOptionsError for anything else
 */
export function readApprovalPolicy(policy: unknown): ApprovalPolicy {
  if (policy === undefined) return 'none';
  if (typeof policy === 'function' || approvalPolicyNames.includes(policy as string)) return policy as ApprovalPolicy;
  throw new InvalidAgentOptionsError(
    'approvals',
    policy,
    "'none', 'destructive', 'write', 'all', or a function ({ tool, args, callId }, context) => boolean",
  );
}
