import type { ChatMessage } from '../model/messages.js';
import type { SessionUpdate } from '../agent/session.js';
import { StateScope } from '../context/agent-state.js';
import { UnserializableSessionValueError } from '../errors/unserializable-session-value-error.js';

/** The changes to one scope's state: keys set (as JSON copies) and keys deleted. */
export interface ScopeChange {
  set: Record<string, unknown>;
  deleted: string[];
}

/** A session update checked and split by scope, every value already a JSON copy. */
export interface ScopedUpdate {
  messages: ChatMessage[];
  app: ScopeChange;
  user: ScopeChange;
  session: ScopeChange;
}

/**
 * Splits an update by scope (`app:`, `user:`, plain; `temp:` dropped) and copies it through JSON,
 * so a store keeps no reference to the caller's objects and every store stores the same thing.
 * @param update - messages and state delta
 * @returns the checked, split copy
 * @throws UnserializableSessionValueError naming the first value that is not JSON
 */
export function scopeUpdate(update: SessionUpdate): ScopedUpdate {
  const scoped: ScopedUpdate = {
    messages: jsonCopy(update.messages ?? [], 'the messages') as ChatMessage[],
    app: { set: {}, deleted: [] },
    user: { set: {}, deleted: [] },
    session: { set: {}, deleted: [] },
  };
  if (!Array.isArray(scoped.messages)) throw new UnserializableSessionValueError('the messages', 'not an array');
  for (const [key, value] of Object.entries(update.stateDelta ?? {})) {
    if (key.startsWith(StateScope.temp)) continue;
    const change = key.startsWith(StateScope.app) ? scoped.app : key.startsWith(StateScope.user) ? scoped.user : scoped.session;
    if (value === undefined) change.deleted.push(key);
    else change.set[key] = jsonCopy(value, `state key '${key}'`);
  }
  return scoped;
}

/**
 * @param change - one scope's changes
 * @returns whether there is anything to write
 */
export function hasChanges(change: ScopeChange): boolean {
  return change.deleted.length > 0 || Object.keys(change.set).length > 0;
}

/**
 * @param state - a scope's state (not modified)
 * @param change - its changes
 * @returns the new state
 */
export function applyChange(state: Readonly<Record<string, unknown>>, change: ScopeChange): Record<string, unknown> {
  const next: Record<string, unknown> = { ...state, ...change.set };
  for (const key of change.deleted) delete next[key];
  return next;
}

/**
 * A deep copy through JSON (what a store keeps).
 * @param value - any value
 * @param what - names the value for the error
 * @returns the copy
 * @throws UnserializableSessionValueError when JSON.stringify throws or gives nothing
 */
export function jsonCopy(value: unknown, what: string): unknown {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw new UnserializableSessionValueError(what, error);
  }
  if (text === undefined) throw new UnserializableSessionValueError(what, `JSON.stringify gives nothing for ${typeof value}`);
  return JSON.parse(text) as unknown;
}
