import { ContextAwareTool, type AgentContext } from '@toolcraft/core';

/** Sets the theme in the run's state and forgets the old one. */
export class ThemeTool extends ContextAwareTool<{ theme: string }, string> {
  constructor() {
    super({
      argsType: { type: 'object', properties: { theme: { type: 'string' } }, required: ['theme'] },
      name: 'set_theme',
      description: 'Sets the theme.',
    });
  }
  execute(args: { theme: string }, context: AgentContext): string {
    context.state.set('theme/current', args.theme);
    context.state.delete('old');
    return 'ok';
  }
}
