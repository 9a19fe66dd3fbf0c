import type { InvalidDefault } from './invalid-defaults.js';

/**
 * Emits a process warning (once per message) that a tool's schema declares a default its own schema
 * refuses. Outside Node (no `process.emitWarning`) it does nothing.
 * @param subject - the tool
 * @param invalid - the default's JSON Pointer in the schema and what is wrong with it
 */
export function warnInvalidDefault(subject: string, invalid: InvalidDefault): void {
  const message =
    `toolcraft: the schema of ${subject} has a default that its own schema refuses, at ${invalid.path}: ${invalid.problem}. ` +
    'Calls are judged before defaults are filled, so a call that leaves the value out passes and the tool receives this ' +
    'default as it is; make the default valid, or change the schema so that it allows it.';
  if (emitted.has(message)) return;
  emitted.add(message);
  const emit = (globalThis as { process?: { emitWarning?: (message: string, options: object) => void } }).process?.emitWarning;
  if (typeof emit === 'function') emit.call(globalThis.process, message, { type: 'ToolcraftWarning', code: invalidDefaultWarningCode });
}

/** The code of the warnings emitted for a default its own schema refuses. */
const invalidDefaultWarningCode = 'TOOLCRAFT_INVALID_DEFAULT';

const emitted = new Set<string>();
