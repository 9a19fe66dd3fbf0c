import 'reflect-metadata';
import { Agent, type ChatModel, type RunResult, Tool } from '@toolcraft/core';
import { ScriptedModel, type ScriptedTurn } from '@toolcraft/testing';

/**
 * A declaration-only tool (Microsoft Agent Framework): the agent knows its name and schema, the host
 * runs it (here, as a browser would, by asking the device for its position).
 */
export const getUserLocation = Tool.declaration({
  name: 'get_user_location',
  description: "The user's current city, from their device.",
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
});

/** The scripted model of the example. */
export const userLocationScript: ScriptedTurn[] = [
  { toolCalls: [{ id: 'where', name: 'get_user_location', arguments: {} }] },
  { text: 'You are in Lyon: take an umbrella, rain is expected this afternoon.' },
];

/**
 * Runs the example: the run stops with a `'result'` interruption, the host answers it, the run goes on.
 * @param model - the model (default: the scripted one)
 * @param log - where lines go
 * @returns the resumed run
 */
export async function runUserLocation(
  model: ChatModel = new ScriptedModel(userLocationScript),
  log: (line: string) => void = console.log,
): Promise<RunResult> {
  const agent = new Agent({ name: 'assistant', model, tools: [getUserLocation] });
  const run = await agent.run('Do I need an umbrella today?');
  for (const item of run.interruptions) {
    log(`the host runs ${item.toolName} for call ${item.callId}`);
    run.state.resolve(item.callId, { city: 'Lyon', country: 'FR' });
  }
  const done = await agent.resume(run.state);
  log(`agent: ${done.text}`);
  return done;
}

if (require.main === module) {
  runUserLocation().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
