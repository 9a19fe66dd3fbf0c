import 'reflect-metadata';
import { IsBoolean, IsNumber, IsString, MaxLength } from 'class-validator';
import { Agent, LLMDescription, ToolRegistry, type ChatModel } from '@toolcraft/core';
import type { ScriptedTurn } from '@toolcraft/testing';
import { modelFromEnv } from '../model-from-env.js';
import { WeatherService } from './weather-service.js';

/** The packing agent's answer: validated like tool arguments, and an instance of this class. */
export class PackingAdvice {
  @LLMDescription('The city the advice is for')
  @IsString()
  city!: string;

  @LLMDescription('The temperature in degrees Celsius, from the weather report')
  @IsNumber()
  celsius!: number;

  @LLMDescription('Whether to pack an umbrella')
  @IsBoolean()
  umbrella!: boolean;

  @LLMDescription('What to wear, in a few words')
  @IsString()
  @MaxLength(80)
  wear!: string;

  /** @returns the advice in one line */
  summary(): string {
    return `${this.city}, ${this.celsius} °C: wear ${this.wear}${this.umbrella ? ', and take an umbrella' : ''}.`;
  }
}

/** What the packing agent is asked. */
export const packingQuestion = 'I am off to Paris tomorrow. What should I pack?';

/** The offline script: the weather report, then the typed answer. */
export const packingScript: ScriptedTurn[] = [
  { toolCalls: [{ name: 'get_weather_report', arguments: { city: 'Paris' } }] },
  { output: { city: 'Paris', celsius: 17, umbrella: true, wear: 'a light jacket' } },
];

/**
 * Builds the packing agent: the weather tools, and a final answer that must be a {@link PackingAdvice}
 * (`run.output`, typed, no cast). Every provider adapter checks the answer's schema when the agent is built.
 * @param model - the chat model
 * @returns the agent
 */
export function createPackingAgent(model: ChatModel): Agent<PackingAdvice> {
  return new Agent({
    model,
    name: 'packing_agent',
    registry: ToolRegistry.of(new WeatherService()),
    instructions: 'Look up the weather at the destination, then answer with packing advice.',
    outputType: PackingAdvice,
  });
}

if (require.main === module) {
  const { model, banner } = modelFromEnv(packingScript);
  console.log(banner);
  createPackingAgent(model)
    .run(packingQuestion)
    .then((run) => console.log(run.output?.summary() ?? `no advice (${run.stopReason})`))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
