import 'reflect-metadata';
import { Agent, type ChatModel, type Feature, ToolRegistry } from '@toolcraft/core';
import { modelFromEnv } from '../model-from-env.js';
import { printRun } from '../print-run.js';
import { WeatherService, weatherInstructions } from './weather-service.js';

/** The offline script: a report, a city without data (an error status), then the answer. */
export const weatherScript = [
  {
    toolCalls: [
      { name: 'get_weather_report', arguments: { city: 'London' } },
      { name: 'get_weather_report', arguments: { city: 'Atlantis' } },
    ],
  },
  { toolCalls: [{ name: 'analyze_sentiment', arguments: { text: 'It is cloudy in London with a temperature of 15 °C.' } }] },
  { text: 'London is cloudy at 15 °C, which reads as a gloomy report. I have no weather information for Atlantis, sorry.' },
];

/**
 * Builds the weather-report and sentiment agent.
 * @param model - the chat model
 * @param features - features to install (tracing, say)
 * @returns the agent
 */
export function createWeatherAgent(model: ChatModel, features: readonly Feature[] = []): Agent {
  return new Agent({
    model,
    name: 'weather_agent',
    registry: ToolRegistry.of(new WeatherService()),
    instructions: weatherInstructions,
    features,
  });
}

if (require.main === module) {
  const { model, banner } = modelFromEnv(weatherScript);
  console.log(banner);
  createWeatherAgent(model)
    .run('What is the weather in London and in Atlantis, and how does the London report feel?')
    .then((run) => printRun(run, console.log))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
