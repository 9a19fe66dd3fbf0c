import { readFile, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { CorruptSessionError } from '../../errors/corrupt-session-error.js';
import { writeFileAtomic } from '../../storage/atomic-write.js';
import { isInside } from '../../storage/path-segment.js';

/** One file an append writes: its path inside the app's folder and its new content. */
export interface JournalWrite {
  /** The file, relative to the app's folder. */
  file: string;
  /** Its whole new content. */
  text: string;
}

/**
 * Fault injection for the crash tests (not exported from the package): called after each file of a
 * journaled append is written, so a test process can die between two files.
 * @internal
 */
export const appendFaults: { afterFileWritten?: (file: string) => void } = {};

const journalName = '.journal.json';
const journalFormat = 'toolcraft.session-journal';

/**
 * Writes the files of one append all or nothing. One file is simply written atomically. Several
 * (the app's, the user's and the session's) are first recorded whole in the app's journal
 * (`<app folder>/.journal.json`, itself written atomically), then written one by one, then the
 * journal is removed: a crash between two files leaves the journal, and {@link replayJournal}
 * (run under the app's lock before the next append or load) writes them all.
 * @param appFolder - the app's folder (the caller holds its lock)
 * @param writes - the files to write
 */
export async function writeAllOrNothing(appFolder: string, writes: readonly JournalWrite[]): Promise<void> {
  if (writes.length === 1) {
    await writeFileAtomic(join(appFolder, writes[0]!.file), writes[0]!.text);
    return;
  }
  const journal = join(appFolder, journalName);
  await writeFileAtomic(journal, JSON.stringify({ format: journalFormat, writes }));
  await applyWrites(appFolder, writes);
  await unlink(journal);
}

/**
 * @param appFolder - the app's folder
 * @returns whether an append left its journal there (it crashed, or is being written now)
 */
export async function hasJournal(appFolder: string): Promise<boolean> {
  return stat(join(appFolder, journalName)).then(
    () => true,
    () => false,
  );
}

/**
 * Finishes the append a crashed writer left in the app's journal, if any: writes every file it
 * records (again: each write is whole, so writing one twice is harmless), then removes the journal.
 * @param appFolder - the app's folder (the caller holds its lock)
 * @throws CorruptSessionError naming the journal when it cannot be read (it is left untouched)
 */
export async function replayJournal(appFolder: string): Promise<void> {
  const journal = join(appFolder, journalName);
  let text: string;
  try {
    text = await readFile(journal, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  await applyWrites(appFolder, readWrites(journal, appFolder, text));
  await unlink(journal);
}

async function applyWrites(appFolder: string, writes: readonly JournalWrite[]): Promise<void> {
  for (const { file, text } of writes) {
    await writeFileAtomic(join(appFolder, file), text);
    appendFaults.afterFileWritten?.(file);
  }
}

function readWrites(journal: string, appFolder: string, text: string): JournalWrite[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CorruptSessionError(journal, 'the append journal is not JSON', { cause: error });
  }
  const writes = (value as { format?: unknown; writes?: unknown } | null)?.writes;
  const valid =
    (value as { format?: unknown } | null)?.format === journalFormat &&
    Array.isArray(writes) &&
    writes.every(
      (write: Partial<JournalWrite> | null) =>
        typeof write?.file === 'string' && typeof write.text === 'string' && isInside(appFolder, join(appFolder, write.file)),
    );
  if (!valid) throw new CorruptSessionError(journal, 'it is not an append journal of files inside the app folder');
  return writes as JournalWrite[];
}
