import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileSessionStore } from '@toolcraft/core';
import { ScriptedModel } from '@toolcraft/testing';
import { runThemeChat, themeChatScript } from '../src/agents/theme-chat.js';

describe('theme chat (sessions)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'toolcraft-theme-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('remembers the user:theme preference from one session in the next, offline', async () => {
    const model = new ScriptedModel(themeChatScript);
    const store = new FileSessionStore(dir);
    const [first, second] = await runThemeChat(model, store);
    expect(first.text).toBe('Noted: dark theme from now on.');
    expect(first.stateDelta).toEqual({ 'user:theme': 'dark' });
    expect(second.text).toBe('You prefer the dark theme.');
    // The second session is a new conversation: it starts with no messages of the first, only the user's state.
    expect(model.requests[2]!.messages.map((message) => message.content)).toEqual([
      'You are a settings assistant. Remember preferences the user states; recall them when asked.',
      'Which theme do I like?',
    ]);
    const userFile = JSON.parse(await readFile(join(dir, 'settings', 'users', 'ada', 'user.json'), 'utf8'));
    expect(userFile.state).toEqual({ 'user:theme': 'dark' });
    await expect(store.listSessions('settings', 'ada')).resolves.toEqual(expect.arrayContaining(['monday', 'tuesday']));
  });
});
