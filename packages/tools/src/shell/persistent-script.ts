/** What persistent mode keeps of a session: the working directory and the exports that differ from the tool's. */
export interface ShellSessionState {
  cwd: string;
  exports: string[];
}

const stateMarker = '__toolcraft_shell_state__';

/**
 * The command wrapped so the shell writes its final directory and changed exports to fd 3 when it
 * exits, at its end or at an `exit` in the command (an EXIT trap), its exit code kept.
 * @param command - the model's command
 * @param saved - the session's state before it, restored first
 * @returns the script for `bash -c`
 */
export function persistentScript(command: string, saved: ShellSessionState | undefined): string {
  const restore = saved === undefined ? '' : `${saved.exports.join('\n')}\n`;
  // The exports are compared with the tool's own environment, so the session keeps only what its commands changed.
  const save = `{ printf '%s\\n' '${stateMarker}'; pwd; printf '%s\\n' '${stateMarker}'; diff <(printf '%s\\n' "$__toolcraft_before") <(export -p) | sed -n 's/^> //p'; } >&3 2>/dev/null`;
  return [
    '__toolcraft_before="$(export -p)"',
    restore,
    `trap ${quote(`__toolcraft_rc=$?; ${save}; exit $__toolcraft_rc`)} EXIT`,
    `eval ${quote(command)}`,
  ].join('\n');
}

/**
 * @param text - what the script wrote to fd 3
 * @returns the session's state after the command, or undefined when the script wrote none (killed, `exec`)
 */
export function readState(text: string): ShellSessionState | undefined {
  const parts = text.split(`${stateMarker}\n`);
  if (parts.length < 3) return undefined;
  const cwd = parts[1]!.trim();
  const exports = parts[2]!.split('\n').filter((line) => line.startsWith('declare -x ') && !line.startsWith('declare -x __toolcraft_'));
  return cwd === '' ? undefined : { cwd, exports };
}

function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
