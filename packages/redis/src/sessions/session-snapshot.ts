import { CorruptSessionError, UnsupportedSessionFormatError, type ChatMessage, type SessionData, type SessionKey } from '@toolcraft/core';
import { storedFormatVersion } from '../stored-value.js';
import type { SessionKeys } from './session-keys.js';

/** A script reply that is not a session: a conflict (the session's version). */
export interface ConflictReply {
  conflict: number;
}

/**
 * Reads a session script's reply.
 * @param reply - the reply
 * @param key - the session
 * @param keys - its Redis keys
 * @returns the session, or the conflict
 * @throws CorruptSessionError or UnsupportedSessionFormatError naming the key (which is left untouched)
 */
export function readSessionReply(reply: unknown, key: SessionKey, keys: SessionKeys): SessionData | ConflictReply {
  if (!Array.isArray(reply)) throw new CorruptSessionError(keys.meta, 'the store script gave no reply');
  const [status] = reply as unknown[];
  if (status === 'conflict') return { conflict: Number(reply[1]) };
  if (status === 'corrupt') throw new CorruptSessionError(String(reply[1]), String(reply[2]));
  if (status === 'unsupported') throw new UnsupportedSessionFormatError(String(reply[1]), reply[2], storedFormatVersion);
  const [, version, messages, app, user, session] = reply as [string, number, string[], string[], string[], string[]];
  return {
    ...key,
    messages: messages.map((text, index) => message(keys.messages, index, text)),
    state: { ...stateOf(keys.appState, app), ...stateOf(keys.userState, user), ...stateOf(keys.state, session) },
    version,
  };
}

function message(listKey: string, index: number, text: string): ChatMessage {
  const value = parse(listKey, `item ${index}`, text);
  if (typeof value !== 'object' || value === null || typeof (value as { role?: unknown }).role !== 'string')
    throw new CorruptSessionError(listKey, `item ${index} is not a chat message`);
  return value as ChatMessage;
}

function stateOf(hashKey: string, flat: readonly string[]): Record<string, unknown> {
  const state: Record<string, unknown> = {};
  for (let index = 0; index < flat.length; index += 2) {
    // defined, not assigned: a state key named __proto__ stays a plain key
    const value = parse(hashKey, `field '${flat[index]}'`, flat[index + 1]!);
    Object.defineProperty(state, flat[index]!, { value, enumerable: true, writable: true, configurable: true });
  }
  return state;
}

function parse(key: string, what: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new CorruptSessionError(key, `its ${what} is not JSON`, { cause: error });
  }
}
