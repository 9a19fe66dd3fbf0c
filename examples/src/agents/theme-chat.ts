import {
  Agent,
  ContextAwareTool,
  FileSessionStore,
  ToolRegistry,
  type AgentContext,
  type ChatModel,
  type JsonSchema,
  type RunResult,
  type SessionStore,
  contentText,
} from '@toolcraft/core';
import type { ScriptedTurn } from '@toolcraft/testing';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { modelFromEnv } from '../model-from-env.js';

interface PreferenceArgs {
  name: string;
  value?: string;
}

const preferenceSchema: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', description: 'The preference, e.g. "theme".' },
    value: { type: 'string', description: 'Its value, e.g. "dark" (to remember only).' },
  },
  required: ['name'],
};

/** Remembers a preference of the user, in `user:` state: every later session of the user sees it. */
export class RememberPreferenceTool extends ContextAwareTool<PreferenceArgs, string> {
  constructor() {
    super({
      name: 'remember_preference',
      description: 'Remembers a preference of the user for all later chats.',
      argsType: preferenceSchema,
    });
  }
  execute(args: PreferenceArgs, context: AgentContext): string {
    context.state.set(`user:${args.name}`, args.value ?? '');
    return `Remembered ${args.name} = ${args.value ?? ''}.`;
  }
}

/** Reads a preference the user gave in any session. */
export class RecallPreferenceTool extends ContextAwareTool<PreferenceArgs, string> {
  constructor() {
    super({ name: 'recall_preference', description: 'Reads a preference the user gave before.', argsType: preferenceSchema });
  }
  execute(args: PreferenceArgs, context: AgentContext): string {
    return context.state.get<string>(`user:${args.name}`) ?? 'unknown';
  }
}

/** The offline script: session one remembers the theme, session two recalls it. */
export const themeChatScript: ScriptedTurn[] = [
  { toolCalls: [{ name: 'remember_preference', arguments: { name: 'theme', value: 'dark' } }] },
  { text: 'Noted: dark theme from now on.' },
  { toolCalls: [{ name: 'recall_preference', arguments: { name: 'theme' } }] },
  (request) => ({ text: `You prefer the ${contentText(request.messages.at(-1)?.content)} theme.` }),
];

/**
 * Builds the chat agent that remembers preferences.
 * @param model - the chat model
 * @returns the agent
 */
export function createThemeChatAgent(model: ChatModel): Agent {
  return new Agent({
    model,
    name: 'theme_chat',
    registry: ToolRegistry.of(new RememberPreferenceTool(), new RecallPreferenceTool()),
    instructions: 'You are a settings assistant. Remember preferences the user states; recall them when asked.',
  });
}

/**
 * Two sessions of one user: the first states a preference, the second (a new conversation) asks for it.
 * @param model - the chat model
 * @param store - where the sessions live
 * @returns the two runs
 */
export async function runThemeChat(model: ChatModel, store: SessionStore): Promise<[RunResult, RunResult]> {
  const agent = createThemeChatAgent(model);
  const first = await agent.run('I like the dark theme.', {
    session: store.open({ appName: 'settings', userId: 'ada', sessionId: 'monday' }),
  });
  const second = await agent.run('Which theme do I like?', {
    session: store.open({ appName: 'settings', userId: 'ada', sessionId: 'tuesday' }),
  });
  return [first, second];
}

if (require.main === module) {
  const { model, banner } = modelFromEnv(themeChatScript);
  const dir = process.argv[2] ?? mkdtempSync(join(tmpdir(), 'toolcraft-theme-chat-'));
  console.log(`${banner}\nSessions in ${dir}`);
  runThemeChat(model, new FileSessionStore(dir))
    .then(([first, second]) => console.log(`monday: ${first.text}\ntuesday: ${second.text}`))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
