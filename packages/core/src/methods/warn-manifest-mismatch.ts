/**
 * Emits a process warning (once per message) that a manifest entry and reflection describe a
 * parameter differently, so that the tool would behave differently without the manifest. Outside
 * Node (no `process.emitWarning`) it does nothing.
 * @param subject - the tool
 * @param problem - what differs and how to make both agree
 */
export function warnManifestMismatch(subject: string, problem: string): void {
  const message = `toolcraft: the schema manifest and reflection disagree on ${subject}: ${problem}`;
  if (emitted.has(message)) return;
  emitted.add(message);
  const emit = (globalThis as { process?: { emitWarning?: (message: string, options: object) => void } }).process?.emitWarning;
  if (typeof emit === 'function') emit.call(globalThis.process, message, { type: 'ToolcraftWarning', code: manifestMismatchWarningCode });
}

/** The code of the warnings emitted when a manifest and reflection describe a method differently. */
const manifestMismatchWarningCode = 'TOOLCRAFT_MANIFEST_MISMATCH';

const emitted = new Set<string>();
