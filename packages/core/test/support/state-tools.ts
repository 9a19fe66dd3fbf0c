import { ContextAwareTool, type AgentContext } from '@toolcraft/core';

/** Sets a state key the model names (`set_state({ key, value })`). */
export class SetStateTool extends ContextAwareTool<{ key: string; value: string }, string> {
  constructor() {
    super({
      name: 'set_state',
      description: 'Sets a state key.',
      argsType: { type: 'object', properties: { key: { type: 'string' }, value: { type: 'string' } }, required: ['key', 'value'] },
    });
  }
  execute(args: { key: string; value: string }, context: AgentContext): string {
    context.state.set(args.key, args.value);
    return 'ok';
  }
}

/** Reads a state key the model names (`read_state({ key })`): its value, or `(unset)`. */
export class ReadStateTool extends ContextAwareTool<{ key: string }, string> {
  constructor() {
    super({
      name: 'read_state',
      description: 'Reads a state key.',
      argsType: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] },
    });
  }
  execute(args: { key: string }, context: AgentContext): string {
    return String(context.state.get(args.key) ?? '(unset)');
  }
}
