import 'reflect-metadata';
import { Agent, contentText, type ChatModel, type ChatRequest, type RunResult } from '@toolcraft/core';
import { OpenApiToolset } from '@toolcraft/openapi';
import type { ScriptedOutcome, ScriptedTurn } from '@toolcraft/testing';
import { modelFromEnv } from '../model-from-env.js';
import { startPetShop } from './pet-shop-server.js';
import { petShopSpec } from './pet-shop-spec.js';

/**
 * The scripted model: add a pet, read it back by the id the server gave, answer.
 * @param request - the model request
 * @returns the model's turn
 */
function petShopTurn(request: ChatRequest): ScriptedOutcome {
  const result = (name: string) => request.messages.find((message) => message.role === 'tool' && message.name === name);
  const added = result('addPet');
  if (added === undefined) return { toolCalls: [{ id: 'add', name: 'addPet', arguments: { body: { name: 'Tom', tag: 'cat' } } }] };
  const shown = result('showPetById');
  if (shown === undefined) {
    const id = Number(/"id":(\d+)/.exec(contentText(added.content))?.[1]);
    return { toolCalls: [{ id: 'show', name: 'showPetById', arguments: { petId: id } }] };
  }
  return { text: `Added Tom the cat; the shop answered: ${contentText(shown.content).split('\n').join(' ')}` };
}

/** The scripted turns: the transcript-driven turn, as often as the run needs it. */
export const petShopScript: ScriptedTurn[] = Array.from({ length: 5 }, () => petShopTurn);

/**
 * An agent whose tools come from an OpenAPI spec (`OpenApiToolset` of `@toolcraft/openapi`): one tool
 * per operation, each input schema made from the operation's parameters and body, calling a local
 * pet shop server. Offline on a scripted model unless a provider key is set.
 * @param log - where lines go
 * @param model - the model (default: from the environment, else the offline script)
 * @returns the run and the tool names the spec gave
 */
export async function runPetShop(
  log: (line: string) => void = console.log,
  model?: ChatModel,
): Promise<{ run: RunResult; toolNames: string[] }> {
  const { server, baseUrl } = await startPetShop();
  try {
    const toolset = new OpenApiToolset({ spec: petShopSpec, baseUrl });
    const toolNames = (await toolset.getTools()).map((tool) => tool.name);
    log(`tools from the spec: ${toolNames.join(', ')}`);
    if (model === undefined) {
      const chosen = modelFromEnv(petShopScript);
      log(chosen.banner);
      model = chosen.model;
    }
    const agent = new Agent({ name: 'pet-shop', model, instructions: 'You run the pet shop through its API.', tools: [toolset] });
    const run = await agent.run('Add Tom, a cat, to the shop, then show me his record.');
    for (const call of run.toolCalls) log(`${call.name} ${call.arguments} -> ${call.result.content.split('\n').join(' ')}`);
    log(`${run.stopReason}: ${run.text}`);
    await agent.close();
    return { run, toolNames };
  } finally {
    server.close();
  }
}

if (require.main === module) {
  runPetShop().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
