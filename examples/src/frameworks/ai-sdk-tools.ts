import 'reflect-metadata';
import { IsIn, IsString, MinLength } from 'class-validator';
import { Agent, LLMDescription, type RunResult, Tool } from '@toolcraft/core';
import { AISDKChatModel, fromAISDKTools, toAISDKTools } from '@toolcraft/ai-sdk';
import type { LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import { generateText, type GenerateTextResult, stepCountIs, tool, type ToolSet } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { z } from 'zod';

class ForecastArgs {
  @LLMDescription('The city, e.g. Paris')
  @IsString()
  @MinLength(2)
  city!: string;

  @LLMDescription('celsius or fahrenheit')
  @IsIn(['celsius', 'fahrenheit'])
  units: 'celsius' | 'fahrenheit' = 'celsius';
}

/** A toolcraft tool: its Args class is validated by class-validator wherever it runs. */
export class ForecastTool extends Tool<ForecastArgs, string> {
  constructor() {
    super({ argsType: ForecastArgs, name: 'forecast', description: "Tomorrow's forecast for a city." });
  }

  execute(args: ForecastArgs): string {
    return args.units === 'celsius' ? `${args.city}: 18°C, light rain` : `${args.city}: 64°F, light rain`;
  }
}

/** An AI SDK tool (zod schema), as an AI SDK app already has it. */
export const convertCurrency = tool({
  description: 'Converts an amount between currencies.',
  inputSchema: z.object({ amount: z.number().positive(), from: z.string().length(3), to: z.string().length(3) }),
  execute: ({ amount, from, to }) => ({ amount: Math.round(amount * 1.08 * 100) / 100, currency: to, rate: `1 ${from} = 1.08 ${to}` }),
});

/** A `doGenerate` answer of the offline model. */
function answer(content: LanguageModelV3GenerateResult['content'], toolCalls: boolean): LanguageModelV3GenerateResult {
  return {
    content,
    finishReason: { unified: toolCalls ? 'tool-calls' : 'stop', raw: undefined },
    usage: {
      inputTokens: { total: 40, noCache: 40, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: 12, text: 12, reasoning: undefined },
    },
    warnings: [],
  };
}

/** The AI SDK's mock model, scripted: a call with a bad argument, the corrected call, the answer. */
export function forecastModel(): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: [
      answer([{ type: 'tool-call', toolCallId: 'c1', toolName: 'forecast', input: '{"city":"Paris","units":"kelvin"}' }], true),
      answer([{ type: 'tool-call', toolCallId: 'c2', toolName: 'forecast', input: '{"city":"Paris"}' }], true),
      answer([{ type: 'text', text: 'Tomorrow in Paris: 18°C and light rain.' }], false),
    ],
  });
}

/** The AI SDK's mock model, scripted for the toolcraft agent: a conversion, then the answer. */
export function currencyModel(): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: [
      answer(
        [{ type: 'tool-call', toolCallId: 'c1', toolName: 'convert_currency', input: '{"amount":100,"from":"EUR","to":"USD"}' }],
        true,
      ),
      answer([{ type: 'text', text: '100 EUR is 108 USD.' }], false),
    ],
  });
}

/**
 * Both ways, offline: a toolcraft tool inside the AI SDK's `generateText` (its validation errors go
 * back to the model as the tool error's text), then an AI SDK tool inside a toolcraft `Agent` whose
 * model is an AI SDK language model.
 * @param log - where lines go
 * @returns the `generateText` result and the agent's run
 */
export async function runAISDKTools(
  log: (line: string) => void = console.log,
): Promise<{ generated: GenerateTextResult<ToolSet, never>; run: RunResult }> {
  const generated = await generateText({
    model: forecastModel(),
    tools: toAISDKTools([new ForecastTool()]),
    stopWhen: stepCountIs(5),
    prompt: 'Will it rain in Paris tomorrow?',
  });
  for (const part of generated.steps.flatMap((step) => step.content)) {
    if (part.type === 'tool-error') log(`tool error for the model: ${(part.error as Error).message}`);
    if (part.type === 'tool-result') log(`tool result: ${JSON.stringify(part.output)}`);
  }
  log(`generateText: ${generated.text}`);

  const agent = new Agent({
    model: new AISDKChatModel(currencyModel()),
    tools: await fromAISDKTools({ convert_currency: convertCurrency }),
  });
  const run = await agent.run('How much is 100 EUR in USD?');
  log(`agent called ${run.toolCalls.map((call) => `${call.name} -> ${call.result.content}`).join(', ')}`);
  log(`agent: ${run.text}`);
  return { generated, run };
}

if (require.main === module) {
  runAISDKTools().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
