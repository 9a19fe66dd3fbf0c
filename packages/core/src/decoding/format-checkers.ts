import { fullFormats } from 'ajv-formats/dist/formats.js';

/** A check of one string format. */
export type FormatChecker = (value: string) => boolean;

/**
 * The format checks toolcraft validates with: exactly ajv-formats' full formats, the ones the
 * emitted schemas name, so the schema and the validation never disagree.
 * @param format - a JSON Schema format name (email, uuid, uri, date-time, ...)
 * @returns the checker, or undefined for an unknown format
 */
export function formatChecker(format: string): FormatChecker | undefined {
  const definition = (fullFormats as Record<string, unknown>)[format];
  if (definition instanceof RegExp) return (value) => definition.test(value);
  if (typeof definition === 'function') return definition as FormatChecker;
  if (typeof definition === 'object' && definition !== null) {
    const validate = (definition as { validate?: unknown }).validate;
    if (validate instanceof RegExp) return (value) => validate.test(value);
    if (typeof validate === 'function') return validate as FormatChecker;
  }
  return undefined;
}
