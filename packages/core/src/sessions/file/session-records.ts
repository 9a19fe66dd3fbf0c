import { readFile } from 'node:fs/promises';
import type { ChatMessage } from '../../model/messages.js';
import { CorruptSessionError } from '../../errors/corrupt-session-error.js';
import { UnsupportedSessionFormatError } from '../../errors/unsupported-session-format-error.js';

/** The format version this toolcraft writes and the newest it reads. */
export const sessionFormatVersion = 1;

/** A session file: the messages and plain state of one session. */
export interface SessionRecord {
  format: 'toolcraft.session';
  formatVersion: number;
  appName: string;
  userId: string;
  sessionId: string;
  version: number;
  messages: ChatMessage[];
  state: Record<string, unknown>;
  /** The ids of the session's last appends (at most 100), oldest first: an append re-sent with one of them is not applied again. */
  appendIds?: string[];
  updatedAt: string;
}

/** A scope file: the `app:` state of an app or the `user:` state of a user. */
export interface ScopeRecord {
  format: 'toolcraft.state';
  formatVersion: number;
  scope: 'app' | 'user';
  state: Record<string, unknown>;
  updatedAt: string;
}

/**
 * Reads and checks a session file.
 * @param path - the file
 * @returns the record, or undefined when the file does not exist
 * @throws CorruptSessionError or UnsupportedSessionFormatError naming the file (which is not touched)
 */
export async function readSessionRecord(path: string): Promise<SessionRecord | undefined> {
  const record = await readRecord(path, 'toolcraft.session');
  if (record === undefined) return undefined;
  const { version, messages, state } = record;
  if (!Number.isSafeInteger(version) || (version as number) < 0)
    throw corrupt(path, `its version is ${JSON.stringify(version)}, expected a whole number of at least 0`);
  if (!Array.isArray(messages) || !messages.every(isMessage)) throw corrupt(path, "its 'messages' is not a list of chat messages");
  if (!isPlainObject(state)) throw corrupt(path, "its 'state' is not an object");
  const { appendIds, sessionId } = record;
  if (appendIds !== undefined && !(Array.isArray(appendIds) && appendIds.every((id) => typeof id === 'string')))
    throw corrupt(path, "its 'appendIds' is not a list of strings");
  if (typeof sessionId !== 'string') throw corrupt(path, "its 'sessionId' is not a string");
  return record as unknown as SessionRecord;
}

/**
 * Reads and checks a scope file.
 * @param path - the file
 * @returns the record, or undefined when the file does not exist
 * @throws CorruptSessionError or UnsupportedSessionFormatError naming the file (which is not touched)
 */
export async function readScopeRecord(path: string): Promise<ScopeRecord | undefined> {
  const record = await readRecord(path, 'toolcraft.state');
  if (record === undefined) return undefined;
  if (!isPlainObject(record.state)) throw corrupt(path, "its 'state' is not an object");
  return record as unknown as ScopeRecord;
}

async function readRecord(path: string, format: string): Promise<Record<string, unknown> | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw corrupt(path, `it is not JSON (${(error as Error).message})`, error);
  }
  if (!isPlainObject(value) || value.format !== format) throw corrupt(path, `it is not a ${format} record (no "format": "${format}")`);
  const found = value.formatVersion;
  if (!Number.isSafeInteger(found) || (found as number) < 1) throw corrupt(path, `its formatVersion is ${JSON.stringify(found)}`);
  if ((found as number) > sessionFormatVersion) throw new UnsupportedSessionFormatError(path, found, sessionFormatVersion);
  return value;
}

function corrupt(path: string, detail: string, cause?: unknown): CorruptSessionError {
  return new CorruptSessionError(path, detail, cause === undefined ? {} : { cause });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isMessage(value: unknown): boolean {
  return isPlainObject(value) && ['system', 'user', 'assistant', 'tool'].includes(value.role as string);
}
