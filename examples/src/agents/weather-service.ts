import 'reflect-metadata';
import { LLMDescription, Tool } from '@toolcraft/core/annotations';

/** A weather report, or why there is none: the model is told how to read `status`. */
export type WeatherReport = { status: 'success'; report: string } | { status: 'error'; error_message: string };

/** A sentiment, or why there is none. */
export type Sentiment =
  { status: 'success'; sentiment: 'positive' | 'negative' | 'neutral'; confidence: number } | { status: 'error'; error_message: string };

const reports: Record<string, string> = {
  'new york': 'The weather in New York is sunny with a temperature of 25 °C.',
  london: 'It is cloudy in London with a temperature of 15 °C.',
  paris: 'Paris has light rain and 17 °C.',
};

/** The weather-report and sentiment tools, as annotated methods of one service. */
export class WeatherService {
  /** Looks up the current weather of a city. */
  @Tool({ customName: 'get_weather_report' })
  @LLMDescription(
    'Retrieves the current weather report for a city. Returns status "success" with a report, or status "error" with error_message.',
  )
  getWeatherReport(@LLMDescription('The city, e.g. "London"') city: string): WeatherReport {
    const report = reports[city.trim().toLowerCase()];
    return report
      ? { status: 'success', report }
      : { status: 'error', error_message: `Weather information for '${city}' is not available.` };
  }

  /** Classifies the sentiment of a text. */
  @Tool({ customName: 'analyze_sentiment' })
  @LLMDescription(
    'Analyzes the sentiment of a text. Returns status "success" with sentiment and confidence, or status "error" with error_message.',
  )
  analyzeSentiment(@LLMDescription('The text to analyze') text: string): Sentiment {
    const lower = text.toLowerCase();
    if (lower.trim() === '') return { status: 'error', error_message: 'The text is empty.' };
    if (/(good|sunny|great|love|nice)/.test(lower)) return { status: 'success', sentiment: 'positive', confidence: 0.8 };
    if (/(rain|bad|hate|terrible|cloudy)/.test(lower)) return { status: 'success', sentiment: 'negative', confidence: 0.7 };
    return { status: 'success', sentiment: 'neutral', confidence: 0.6 };
  }
}

/** The instructions that tell the model how to handle an error status. */
export const weatherInstructions = [
  'You are a weather assistant. Use get_weather_report for weather questions and analyze_sentiment when asked about the mood of a text.',
  'Every tool returns a "status". If it is "error", tell the user politely what went wrong using error_message, and do not invent data.',
].join(' ');
