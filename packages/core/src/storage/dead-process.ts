/**
 * Whether a process of this host is known to have ended (its pid no longer exists).
 * @param pid - a process id
 * @returns true only when no process has that id (a process of another user counts as alive)
 */
export function isDeadProcess(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
