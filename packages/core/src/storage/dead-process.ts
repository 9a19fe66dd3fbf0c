import { readFileSync } from 'node:fs';

/**
 * What `/proc/<pid>/stat` says of a process (Linux only).
 * @param pid - a process id
 * @returns its state letter and start time (clock ticks since boot), or undefined where `/proc` cannot tell
 */
function procStat(pid: number): { state: string; started: string } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces or parentheses: read after the last one.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const started = fields[19];
  if (state === undefined || started === undefined) return undefined;
  return { state, started };
}

/**
 * When this host's process started, as `/proc` tells it, to tell it from a later process given the
 * same pid.
 * @param pid - a process id
 * @returns an opaque start mark, or undefined where the host cannot tell (not Linux, or no such process)
 */
export function processStartMark(pid: number): string | undefined {
  return procStat(pid)?.started;
}

/**
 * Whether a process of this host is known to have ended: its pid no longer exists, it has exited and
 * waits only to be reaped (a zombie: a killed process whose parent never waits, as under a container
 * whose first process does not reap orphans), or the pid now names a later process.
 * @param pid - a process id
 * @param startMark - the process's {@link processStartMark} when it ran, if known
 * @returns true only when the process is known to have ended (a process of another user counts as alive)
 */
export function isDeadProcess(pid: number, startMark?: string): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
  const stat = procStat(pid);
  if (stat === undefined) return false;
  if (stat.state === 'Z' || stat.state === 'X') return true;
  return startMark !== undefined && stat.started !== startMark;
}
