import { jsonrepair } from 'jsonrepair';

/**
 * Mends the common faults of a model's JSON (trailing commas, single quotes, missing closing braces,
 * comments, a Markdown fence) with the `jsonrepair` library.
 * @param text - arguments that do not parse
 * @returns JSON text that parses, or undefined when the text cannot be mended
 */
export function repairJson(text: string): string | undefined {
  try {
    const repaired = jsonrepair(text);
    JSON.parse(repaired);
    return repaired;
  } catch {
    return undefined;
  }
}
