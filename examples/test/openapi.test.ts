import 'reflect-metadata';
import { ScriptedModel } from '@toolcraft/testing';
import { petShopScript, runPetShop } from '../src/openapi/pet-shop-agent.js';

describe('pet shop agent (OpenApiToolset)', () => {
  it('makes one tool per operation from the spec and calls the local server through them', async () => {
    const model = new ScriptedModel(petShopScript);
    const { run, toolNames } = await runPetShop(() => undefined, model);
    expect(toolNames).toEqual(['listPets', 'addPet', 'showPetById']);
    const addPet = model.requests[0]!.tools.find((tool) => tool.name === 'addPet')!;
    expect(addPet.inputSchema).toMatchObject({
      properties: { body: { properties: { name: { type: 'string' }, tag: { type: ['string', 'null'] } }, required: ['name'] } },
      required: ['body'],
    });
    expect(run.toolCalls.map((call) => [call.name, call.result.content])).toEqual([
      ['addPet', 'HTTP 201 Created\n{"id":2,"name":"Tom","tag":"cat"}'],
      ['showPetById', 'HTTP 200 OK\n{"id":2,"name":"Tom","tag":"cat"}'],
    ]);
    expect(run.stopReason).toBe('completed');
  });
});
