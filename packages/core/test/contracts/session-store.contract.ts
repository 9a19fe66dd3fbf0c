import {
  InvalidSessionKeyError,
  SessionConflictError,
  UnserializableSessionValueError,
  type ChatMessage,
  type SessionKey,
  type SessionStore,
} from '@toolcraft/core';

const user = (content: string): ChatMessage => ({ role: 'user', content });
const assistant = (content: string): ChatMessage => ({ role: 'assistant', content });

/**
 * The behaviour every {@link SessionStore} keeps, run against each store (in memory, files, Redis):
 * `sessionStoreContract('FileSessionStore', async () => new FileSessionStore(dir))`.
 * @param name - the store's name, for the describe block
 * @param createStore - makes a fresh, empty store for each test
 * @param cleanup - called after each test (remove files, keys)
 */
export function sessionStoreContract(
  name: string,
  createStore: () => SessionStore | Promise<SessionStore>,
  cleanup: () => void | Promise<void> = () => undefined,
): void {
  describe(`SessionStore contract: ${name}`, () => {
    let store: SessionStore;
    const key: SessionKey = { appName: 'shop', userId: 'ada', sessionId: 's1' };
    beforeEach(async () => {
      store = await createStore();
    });
    afterEach(async () => {
      await cleanup();
    });

    it('loads a session never written as empty, at version 0', async () => {
      await expect(store.load(key)).resolves.toEqual({ ...key, messages: [], state: {}, version: 0 });
    });

    it('appends messages in order and counts versions', async () => {
      const first = await store.append(key, { messages: [user('hi'), assistant('hello')], stateDelta: {} });
      expect(first.version).toBe(1);
      await store.append(key, { messages: [user('again')], stateDelta: {} });
      const loaded = await store.load(key);
      expect(loaded.messages).toEqual([user('hi'), assistant('hello'), user('again')]);
      expect(loaded.version).toBe(2);
    });

    it('an open session reads and appends the same record', async () => {
      const session = store.open(key);
      expect([session.appName, session.userId, session.sessionId]).toEqual(['shop', 'ada', 's1']);
      await session.append({ messages: [user('hi')], stateDelta: { topic: 'tea' } });
      await expect(session.load()).resolves.toMatchObject({ messages: [user('hi')], state: { topic: 'tea' }, version: 1 });
      await expect(store.load(key)).resolves.toMatchObject({ version: 1 });
    });

    it('shares app: state with every user, user: state with the user only, plain keys with the session only; never stores temp:', async () => {
      await store.append(key, {
        messages: [],
        stateDelta: { 'app:banner': 'sale', 'user:theme': 'dark', cart: 3, 'temp:scratch': 'x' },
      });
      await expect(store.load(key)).resolves.toMatchObject({ state: { 'app:banner': 'sale', 'user:theme': 'dark', cart: 3 } });
      expect((await store.load(key)).state).not.toHaveProperty('temp:scratch');
      const otherSession = await store.load({ ...key, sessionId: 's2' });
      expect(otherSession.state).toEqual({ 'app:banner': 'sale', 'user:theme': 'dark' });
      const otherUser = await store.load({ ...key, userId: 'bob', sessionId: 's9' });
      expect(otherUser.state).toEqual({ 'app:banner': 'sale' });
      const otherApp = await store.load({ ...key, appName: 'bank' });
      expect(otherApp.state).toEqual({});
    });

    it('deletes a key whose delta value is undefined, in its scope', async () => {
      await store.append(key, { messages: [], stateDelta: { 'user:theme': 'dark', cart: 3 } });
      await store.append(key, { messages: [], stateDelta: { 'user:theme': undefined, cart: undefined } });
      await expect(store.load(key)).resolves.toMatchObject({ state: {} });
    });

    it('with expectedVersion, appends only at that version (compare-and-swap) and writes nothing otherwise', async () => {
      await store.append(key, { messages: [user('one')], stateDelta: {} }, { expectedVersion: 0 });
      const stale = store.append(key, { messages: [user('stale')], stateDelta: { 'user:x': 1 } }, { expectedVersion: 0 });
      await expect(stale).rejects.toThrow(SessionConflictError);
      await expect(stale).rejects.toThrow(/version 1, not the expected 0/);
      await expect(store.load(key)).resolves.toMatchObject({ messages: [user('one')], state: {}, version: 1 });
    });

    it('applies an append re-sent with the same appendId once, even after other appends landed, and returns the session as it stands', async () => {
      const first = await store.append(key, { messages: [user('pay')], stateDelta: { 'user:paid': 1, step: 1 } }, { appendId: 'turn-1' });
      expect(first.version).toBe(1);
      await store.append(key, { messages: [user('other worker')], stateDelta: { step: 2 } }, { appendId: 'turn-2' });
      // The reply of turn-1 was lost: its writer sends it again, with the version it had then.
      const again = await store.append(
        key,
        { messages: [user('pay')], stateDelta: { 'user:paid': 1, step: 1 } },
        { appendId: 'turn-1', expectedVersion: 0 },
      );
      expect(again).toMatchObject({ messages: [user('pay'), user('other worker')], state: { 'user:paid': 1, step: 2 }, version: 2 });
      await expect(store.load(key)).resolves.toEqual(again);
      const without = await store.append(key, { messages: [user('pay')], stateDelta: {} });
      expect(without.version).toBe(3);
    });

    it('applies concurrent appends with one appendId once', async () => {
      const sends = await Promise.all(
        Array.from({ length: 5 }, () => store.append(key, { messages: [user('once')], stateDelta: {} }, { appendId: 'same' })),
      );
      expect(sends.map((session) => session.version)).toEqual([1, 1, 1, 1, 1]);
      await expect(store.load(key)).resolves.toMatchObject({ messages: [user('once')], version: 1 });
    });

    it('remembers the last 100 append ids of a session', async () => {
      await store.append(key, { messages: [user('first')], stateDelta: {} }, { appendId: 'first' });
      for (let index = 0; index < 99; index++) await store.append(key, { messages: [], stateDelta: {} }, { appendId: `later-${index}` });
      await expect(store.append(key, { messages: [user('first')], stateDelta: {} }, { appendId: 'first' })).resolves.toMatchObject({
        version: 100,
      });
      await store.append(key, { messages: [], stateDelta: {} }, { appendId: 'later-99' });
      // 100 later ids remembered: 'first' has been forgotten, so sending it again appends.
      await expect(store.append(key, { messages: [user('first')], stateDelta: {} }, { appendId: 'first' })).resolves.toMatchObject({
        version: 102,
      });
    }, 60_000);

    it('keeps the append ids of each session apart', async () => {
      await store.append(key, { messages: [user('a')], stateDelta: {} }, { appendId: 'turn' });
      const other = await store.append({ ...key, sessionId: 's2' }, { messages: [user('b')], stateDelta: {} }, { appendId: 'turn' });
      expect(other).toMatchObject({ messages: [user('b')], version: 1 });
    });

    it('refuses an appendId that is not a non-empty string, writing nothing', async () => {
      const append = store.append(key, { messages: [user('x')], stateDelta: {} }, { appendId: '' });
      await expect(append).rejects.toThrow(InvalidSessionKeyError);
      await expect(append).rejects.toThrow(/Session appendId must be a non-empty string/);
      await expect(store.load(key)).resolves.toMatchObject({ version: 0 });
    });

    it('keeps JSON copies: later changes to the caller objects or to a loaded copy change nothing stored', async () => {
      const preferences = { colors: ['red'] };
      const message = user('hi');
      await store.append(key, { messages: [message], stateDelta: { prefs: preferences, when: new Date('2026-01-02T03:04:05.000Z') } });
      preferences.colors.push('blue');
      message.content = 'changed';
      const loaded = await store.load(key);
      (loaded.state.prefs as { colors: string[] }).colors.push('green');
      loaded.messages.push(user('extra'));
      const again = await store.load(key);
      expect(again.state).toEqual({ prefs: { colors: ['red'] }, when: '2026-01-02T03:04:05.000Z' });
      expect(again.messages).toEqual([user('hi')]);
    });

    it('refuses a value that is not JSON, naming it, and writes nothing', async () => {
      const append = store.append(key, { messages: [user('lost?')], stateDelta: { counter: 10n } });
      await expect(append).rejects.toThrow(UnserializableSessionValueError);
      await expect(append).rejects.toThrow(/state key 'counter'/);
      await expect(store.load(key)).resolves.toMatchObject({ messages: [], version: 0 });
    });

    it('refuses a value JSON cannot hold and messages that are not a list, naming them, and writes nothing', async () => {
      const callback = store.append(key, { messages: [user('lost?')], stateDelta: { callback: () => 1 } });
      await expect(callback).rejects.toThrow(UnserializableSessionValueError);
      await expect(callback).rejects.toThrow(/state key 'callback'/);
      const messages = store.append(key, { messages: 'hi' as never, stateDelta: { cart: 1 } });
      await expect(messages).rejects.toThrow(UnserializableSessionValueError);
      await expect(messages).rejects.toThrow(/the messages/);
      await expect(store.load(key)).resolves.toMatchObject({ messages: [], state: {}, version: 0 });
    });

    it('loses no append when many run concurrently', async () => {
      const writers = Array.from({ length: 12 }, (_, index) =>
        store.append(key, { messages: [user(`turn ${index}`)], stateDelta: { [`user:w${index}`]: index } }),
      );
      await Promise.all(writers);
      const loaded = await store.load(key);
      expect(loaded.version).toBe(12);
      expect(loaded.messages.map((message) => message.content).sort()).toEqual(
        Array.from({ length: 12 }, (_, index) => `turn ${index}`).sort(),
      );
      expect(Object.keys(loaded.state)).toHaveLength(12);
    });

    it('lists a user’s sessions and deletes one, keeping the user’s state', async () => {
      await store.append(key, { messages: [user('a')], stateDelta: { 'user:theme': 'dark' } });
      await store.append({ ...key, sessionId: 'other/../s2' }, { messages: [user('b')], stateDelta: {} });
      expect((await store.listSessions('shop', 'ada')).sort()).toEqual(['other/../s2', 's1']);
      await store.delete(key);
      expect(await store.listSessions('shop', 'ada')).toEqual(['other/../s2']);
      await expect(store.load(key)).resolves.toMatchObject({ messages: [], version: 0, state: { 'user:theme': 'dark' } });
    });

    it('refuses an empty or non-string name with a clear error', () => {
      expect(() => store.open({ ...key, sessionId: '' })).toThrow(InvalidSessionKeyError);
      expect(() => store.open({ ...key, userId: 42 as unknown as string })).toThrow(/Session userId must be a non-empty string/);
    });
  });
}
