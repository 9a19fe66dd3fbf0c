import { contentText } from '@toolcraft/core';
import { ScriptedModel, type ScriptedTurn } from '@toolcraft/testing';
import {
  competitorFacts,
  findingKey,
  offlineResearchTurn,
  parallelResearchScript,
  researchConcurrency,
  runParallelResearch,
} from '../src/agents/parallel-research.js';

describe('parallel research (ParallelAgent in a SequentialAgent)', () => {
  it('researches the three competitors, each finding stored through its outputKey, and the writer compares them, offline', async () => {
    const run = await runParallelResearch(new ScriptedModel(parallelResearchScript));

    expect(run.stopReason).toBe('completed');
    expect(run.text).toBe(
      ['Competitor report', ...Object.entries(competitorFacts).map(([company, fact]) => `${company}: ${fact}`)].join('\n'),
    );
    expect(run.stateDelta).toEqual(
      expect.objectContaining(Object.fromEntries(Object.entries(competitorFacts).map(([company, fact]) => [findingKey(company), fact]))),
    );
    const [research, writer] = run.subRuns!;
    expect(research!.subRuns!.map((sub) => sub.state.agentName)).toEqual(['research_acme', 'research_globex', 'research_initech']);
    expect(writer!.toolCalls.map((call) => call.name)).toEqual(['read_findings']);
  });

  it('never has more than two researchers calling the model at once', async () => {
    let active = 0;
    let mostActive = 0;
    const counted: ScriptedTurn = async (request) => {
      const researcher = contentText(request.messages[0]?.content).startsWith('You research');
      if (researcher) mostActive = Math.max(mostActive, ++active);
      await new Promise((resolve) => setImmediate(resolve));
      if (researcher) active--;
      return offlineResearchTurn(request);
    };
    await runParallelResearch(new ScriptedModel(Array.from({ length: 8 }, () => counted)));

    expect(mostActive).toBe(researchConcurrency);
  });
});
