import { jsonrepair } from 'jsonrepair';

/**
 * Mends the common faults of a model's JSON arguments (trailing commas, single quotes, missing closing
 * braces, comments, a Markdown fence) with the `jsonrepair` library. Only a mend into a JSON object
 * counts: `jsonrepair` turns plain prose into a JSON string, which is no argument object.
 * @param text - arguments that do not parse
 * @returns the text of a JSON object, or undefined when the text cannot be mended into one
 */
export function repairJson(text: string): string | undefined {
  try {
    const repaired = jsonrepair(text);
    const value: unknown = JSON.parse(repaired);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? repaired : undefined;
  } catch {
    return undefined;
  }
}
