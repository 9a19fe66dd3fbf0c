import { Agent, AgentTool, contentText, type ChatMessage, type ChatModel, ToolRegistry } from '@toolcraft/core';
import { ScriptedModel, type ScriptedTurn } from '@toolcraft/testing';
import { CalculatorTool } from './calculator';
import { handWrittenCalculator } from './hand-written';
import type { BenchCase, Timing } from '../measure';
import { timedRow, type ResultRow } from '../report';

const question = 'What is 3 + 4?';
const calculatorCall = { id: 'call_1', name: 'calculator', arguments: '{"digit1":3,"digit2":4}' };
const researcherCall = { id: 'call_p', name: 'researcher', arguments: JSON.stringify({ request: question }) };
/** Two turns of the parent and two of its sub-agent per run. */
const turnsPerRun = 4;

/** The sub-agent's two turns: the calculator call, then the answer. */
const subTurn: ScriptedTurn = (request) =>
  request.messages.at(-1)?.role === 'tool' ? { text: '3 + 4 = 7.' } : { toolCalls: [calculatorCall] };
/** The parent's two turns: ask the researcher, then answer with what it said. */
const parentTurn: ScriptedTurn = (request) => {
  const last = request.messages.at(-1);
  return last?.role === 'tool' ? { text: contentText(last.content) } : { toolCalls: [researcherCall] };
};

type Assistant = ChatMessage & { role: 'assistant' };

/** A hand-written agent loop: ask the reply function, run each call with `runCall`, until an answer. */
async function handWrittenLoop(
  input: string,
  reply: (turn: number, messages: ChatMessage[]) => Promise<Assistant>,
  runCall: (call: { id: string; name: string; arguments: string }) => Promise<{ content: string; isError: boolean }>,
): Promise<{ text: string; messages: ChatMessage[] }> {
  const messages: ChatMessage[] = [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: input },
  ];
  for (let turn = 0; ; turn++) {
    const message = await reply(turn, messages.slice());
    messages.push(message);
    if (!message.toolCalls?.length) return { text: contentText(message.content), messages };
    for (const call of message.toolCalls) {
      const result = await runCall(call);
      messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content: result.content, isError: result.isError });
    }
  }
}

/** Case (ma0): the hand-written parent loop whose tool is a hand-written sub-agent loop over the calculator. */
function handWrittenParentRun(): Promise<{ text: string }> {
  const subRun = (request: string) =>
    handWrittenLoop(
      request,
      async (turn) =>
        turn === 0 ? { role: 'assistant', content: null, toolCalls: [calculatorCall] } : { role: 'assistant', content: '3 + 4 = 7.' },
      handWrittenCalculator,
    );
  return handWrittenLoop(
    question,
    async (turn, messages) =>
      turn === 0
        ? { role: 'assistant', content: null, toolCalls: [researcherCall] }
        : { role: 'assistant', content: contentText(messages.at(-1)!.content) },
    async (call) => ({ content: (await subRun((JSON.parse(call.arguments) as { request: string }).request)).text, isError: false }),
  );
}

/** A parent agent with the researcher as an AgentTool; the models' recorded requests are cleared after each run. */
function parentAgent(streamed: boolean): { agent: Agent; clear: () => void } {
  const subModel = new ScriptedModel([subTurn], { onExhausted: 'repeatLast' });
  const parentModel = new ScriptedModel([parentTurn], { onExhausted: 'repeatLast' });
  // Streamed as whole messages: the case measures the events, not the scripted model's chunk timers.
  const whole = (model: ScriptedModel): ChatModel => (streamed ? { complete: (request) => model.complete(request) } : model);
  const researcher = new Agent({
    name: 'researcher',
    model: whole(subModel),
    registry: ToolRegistry.of(new CalculatorTool()),
    instructions: 'Be brief.',
  });
  const agent = new Agent({ name: 'writer', model: whole(parentModel), tools: [AgentTool.of(researcher)], instructions: 'Be brief.' });
  return {
    agent,
    clear: () => {
      subModel.requests.length = 0;
      parentModel.requests.length = 0;
    },
  };
}

/**
 * The multi-agent cases, per turn (two of the parent and two of its sub-agent per run): (ma0) hand-written
 * loops, (ma) `Agent` with an `AgentTool` sub-agent, (mas) the same streamed, every event read.
 * @returns the cases
 */
export function multiAgentCases(): BenchCase[] {
  const plain = parentAgent(false);
  const streamed = parentAgent(true);
  return [
    {
      key: 'ma0',
      label: 'hand-written parent loop calling a hand-written sub-agent loop, per turn',
      run: handWrittenParentRun,
      callsPerRun: turnsPerRun,
    },
    {
      key: 'ma',
      label: 'Agent with an AgentTool sub-agent (both ScriptedModel), per turn',
      run: async () => {
        const result = await plain.agent.run(question);
        plain.clear();
        return result;
      },
      callsPerRun: turnsPerRun,
    },
    {
      key: 'mas',
      label: 'the same with agent.stream, every event read (the sub-run streams into it), per turn',
      run: async () => {
        const stream = streamed.agent.stream(question);
        for await (const event of stream) void event;
        const result = await stream.result;
        streamed.clear();
        return result;
      },
      callsPerRun: turnsPerRun,
    },
  ];
}

/**
 * The table rows of the multi-agent cases.
 * @param timings - timings of (ma0), (ma), (mas)
 * @returns the rows
 */
export function multiAgentRows(timings: Map<string, Timing>): ResultRow[] {
  return [
    timedRow(timings, 'ma0', 'hand-written parent loop calling a hand-written sub-agent loop, per turn'),
    timedRow(timings, 'ma', 'Agent with an AgentTool sub-agent (2 + 2 turns per run, ScriptedModel), per turn', { baseline: 'ma0' }),
    timedRow(timings, 'mas', 'the same streamed (agent.stream, every event read, sub-run events included), per turn', { baseline: 'ma' }),
  ];
}
