import {
  Agent,
  ContextAwareTool,
  ParallelAgent,
  SequentialAgent,
  Tool,
  type AgentContext,
  type ChatModel,
  type ChatRequest,
  type JsonSchema,
  type RunResult,
  contentText,
} from '@toolcraft/core';
import type { ScriptedOutcome, ScriptedTurn } from '@toolcraft/testing';
import { modelFromEnv } from '../model-from-env.js';

/** The competitors researched, and the (offline) facts the research tool knows about them. */
export const competitorFacts: Readonly<Record<string, string>> = {
  Acme: 'Acme sells its plan at $49 a month, has about 1,200 customers and is strongest in retail.',
  Globex: 'Globex sells its plan at $99 a month, has about 300 customers and targets banks.',
  Initech: 'Initech gives its plan away and sells support; about 5,000 users, mostly start-ups.',
};

/** How many researchers run at once. */
export const researchConcurrency = 2;

const companySchema: JsonSchema = {
  type: 'object',
  properties: { company: { type: 'string', description: 'The company, e.g. "Acme".' } },
  required: ['company'],
};

/** Looks up what is known about a company (a stand-in for a web search). */
export class CompanyFactsTool extends Tool<{ company: string }, string> {
  constructor() {
    super({ name: 'company_facts', description: 'Looks up the pricing, customers and market of a company.', argsType: companySchema });
  }
  execute(args: { company: string }): string {
    return competitorFacts[args.company] ?? `Nothing is known about ${args.company}.`;
  }
}

/** The state key a researcher's finding is stored under (its `outputKey`). */
export const findingKey = (company: string): string => `finding:${company.toLowerCase()}`;

/** Reads every researcher's finding from the state, one line each. */
export class ReadFindingsTool extends ContextAwareTool<Record<string, never>, string> {
  constructor() {
    super({ name: 'read_findings', description: 'Reads the findings of the researchers.', argsType: { type: 'object', properties: {} } });
  }
  execute(_args: Record<string, never>, context: AgentContext): string {
    return Object.keys(competitorFacts)
      .map((company) => `${company}: ${context.state.get<string>(findingKey(company)) ?? '(no finding)'}`)
      .join('\n');
  }
}

/**
 * Builds the team: three researchers side by side (at most two at a time), each storing its finding
 * in the state through its `outputKey`, then a writer that reads the findings and compares them.
 * @param model - the chat model every agent uses
 * @returns the whole team as one agent
 */
export function createResearchTeam(model: ChatModel): SequentialAgent {
  const researchers = Object.keys(competitorFacts).map(
    (company) =>
      new Agent({
        model,
        name: `research_${company.toLowerCase()}`,
        description: `Researches ${company}.`,
        instructions: `You research the company ${company}. Call company_facts once, then state its price and market in one sentence.`,
        tools: [new CompanyFactsTool()],
        outputKey: findingKey(company),
      }),
  );
  const research = new ParallelAgent({ name: 'research', agents: researchers, maxConcurrency: researchConcurrency });
  const writer = new Agent({
    model,
    name: 'writer',
    instructions: 'You compare competitors. Call read_findings, then write a short comparison, one line per company.',
    tools: [new ReadFindingsTool()],
  });
  return new SequentialAgent({
    name: 'competitor_report',
    agents: [research, writer],
    description: 'Researches competitors and compares them.',
  });
}

/**
 * The offline model's turn, for any agent of the team: a researcher looks its company up and answers
 * with the facts; the writer reads the findings and lists them.
 * @param request - the request
 * @returns the reply
 */
export function offlineResearchTurn(request: ChatRequest): ScriptedOutcome {
  const instructions = contentText(request.messages[0]?.content);
  const last = request.messages.at(-1)!;
  const company = /You research the company (\w+)/.exec(instructions)?.[1];
  if (company !== undefined) {
    if (last.role === 'user') return { toolCalls: [{ name: 'company_facts', arguments: { company } }] };
    return { text: contentText(last.content) };
  }
  if (last.role === 'user') return { toolCalls: [{ name: 'read_findings' }] };
  return { text: `Competitor report\n${contentText(last.content)}` };
}

/** The offline script: two turns for each of the three researchers and two for the writer, in any order. */
export const parallelResearchScript: ScriptedTurn[] = Array.from({ length: 8 }, () => offlineResearchTurn);

/**
 * Runs the team on one request.
 * @param model - the chat model
 * @returns the team's run (`subRuns[0]` the research, `subRuns[1]` the writer)
 */
export function runParallelResearch(model: ChatModel): Promise<RunResult> {
  return createResearchTeam(model).run('Compare our competitors Acme, Globex and Initech.');
}

if (require.main === module) {
  const { model, banner } = modelFromEnv(parallelResearchScript);
  console.log(banner);
  runParallelResearch(model)
    .then((run) => {
      console.log(run.text);
      const research = run.subRuns?.[0];
      for (const sub of research?.subRuns ?? [])
        console.log(`- ${sub.state.agentName}: ${sub.usage.totalTokens} tokens, ${sub.durationMs} ms`);
      console.log(`total: ${run.usage.totalTokens} tokens, ${run.durationMs} ms`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
