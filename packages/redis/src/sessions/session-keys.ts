import type { SessionKey } from '@toolcraft/core';

/** The Redis keys of one session, in the order the session scripts take them (KEYS[1..7]). */
export interface SessionKeys {
  meta: string;
  state: string;
  messages: string;
  appState: string;
  userState: string;
  userSessions: string;
  /** A sorted set of the session's last append ids, scored by the version each made. */
  appends: string;
}

/**
 * The keys of one session. Every key of an app carries the hash tag `{<app>}` (a Redis Cluster keeps
 * them in one slot, as a multi-key script needs); every name is URI-encoded, so no name can reach
 * into another's key.
 * @param prefix - the store's key prefix
 * @param key - the session
 * @returns its keys
 */
export function sessionKeys(prefix: string, key: SessionKey): SessionKeys {
  const user = userBase(prefix, key.appName, key.userId);
  const session = `${prefix}{${encodeURIComponent(key.appName)}}:session:${encodeURIComponent(key.userId)}:${encodeURIComponent(key.sessionId)}`;
  return {
    meta: session,
    state: `${session}:state`,
    messages: `${session}:messages`,
    appState: `${prefix}{${encodeURIComponent(key.appName)}}:app:state`,
    userState: `${user}:state`,
    userSessions: `${user}:sessions`,
    appends: `${session}:appends`,
  };
}

/**
 * The key of the set of a user's session ids.
 * @param prefix - the store's key prefix
 * @param appName - the app
 * @param userId - the user
 * @returns the key
 */
export function userSessionsKey(prefix: string, appName: string, userId: string): string {
  return `${userBase(prefix, appName, userId)}:sessions`;
}

/**
 * @param keys - a session's keys
 * @returns them in script order
 */
export function scriptKeys(keys: SessionKeys): string[] {
  return [keys.meta, keys.state, keys.messages, keys.appState, keys.userState, keys.userSessions, keys.appends];
}

function userBase(prefix: string, appName: string, userId: string): string {
  return `${prefix}{${encodeURIComponent(appName)}}:user:${encodeURIComponent(userId)}`;
}
