const reasons: Record<string, string> = {
  ENOENT: 'does not exist',
  ENOTDIR: 'does not exist (a part of the path is a file, not a folder)',
  EISDIR: 'is a folder, not a file (use list_files for a folder)',
  ELOOP: 'is a symbolic link: these tools do not write through links, nor open one that changes while it is opened',
  ENXIO: 'is not a regular file (a pipe, socket or device): these tools only read and write regular files',
  EEXIST: 'was made by something else while it was being opened; try again',
  EACCES: 'may not be opened (permission denied)',
  EPERM: 'may not be opened (operation not permitted)',
};

/**
 * A file-system failure as a sentence the model can act on (`'a.txt' does not exist.`).
 * @param error - what a `node:fs` call threw
 * @param subject - what was opened, as the model knows it (`'src/a.ts'`)
 * @returns an error saying what is wrong with the subject, or the failure itself when it has no errno code
 */
export function fileProblem(error: unknown, subject: string): Error {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code !== 'string') return error instanceof Error ? error : new Error(String(error));
  return new Error(`${subject} ${reasons[code] ?? `cannot be used (${code})`}.`);
}
