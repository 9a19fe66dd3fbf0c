import { Tool, type AgentContext, ContextAwareTool, type JsonSchema } from '@toolcraft/core';

const addSchema: JsonSchema = {
  type: 'object',
  properties: { a: { type: 'number' }, b: { type: 'number' } },
  required: ['a', 'b'],
  additionalProperties: false,
};

/** Adds two numbers. */
export class AddTool extends Tool<{ a: number; b: number }, { sum: number }> {
  constructor(options: { needsApproval?: boolean; name?: string } = {}) {
    super({
      argsType: addSchema,
      name: options.name ?? 'add',
      description: 'Adds two numbers.',
      needsApproval: options.needsApproval ?? false,
    });
  }
  execute(args: { a: number; b: number }): { sum: number } {
    return { sum: args.a + args.b };
  }
}

/** Always fails. */
export class BrokenTool extends Tool<Record<string, never>, string> {
  constructor() {
    super({ argsType: { type: 'object', properties: {} }, name: 'broken', description: 'Fails.' });
  }
  execute(): string {
    throw new Error('the disk is full');
  }
}

/** Waits until its call's signal aborts, reporting progress first. */
export class HangingTool extends ContextAwareTool<Record<string, never>, string> {
  readonly started: Promise<void>;
  private markStarted!: () => void;
  readonly aborted: Promise<void>;
  private markAborted!: () => void;
  constructor() {
    super({ argsType: { type: 'object', properties: {} }, name: 'hang', description: 'Waits.' });
    this.started = new Promise((resolve) => (this.markStarted = resolve));
    this.aborted = new Promise((resolve) => (this.markAborted = resolve));
  }
  execute(_args: Record<string, never>, context: AgentContext): Promise<string> {
    context.reportProgress(1, 2, 'halfway');
    this.markStarted();
    return new Promise((_resolve, reject) => {
      context.signal.addEventListener('abort', () => {
        this.markAborted();
        reject(new Error('aborted'));
      });
    });
  }
}

/** Asks for a credential. */
export class CredentialTool extends ContextAwareTool<Record<string, never>, string> {
  constructor() {
    super({ argsType: { type: 'object', properties: {} }, name: 'read_mail', description: 'Reads mail.' });
  }
  execute(_args: Record<string, never>, context: AgentContext): string {
    const token = context.credential('mail-token');
    if (typeof token !== 'string')
      return context.requestCredential({ key: 'mail-token', description: 'Your mail token', scheme: 'apiKey' });
    return `3 new messages (token ${token.length} characters)`;
  }
}

/** A tool the client runs (declaration only). */
export const locateTool = Tool.declaration({
  name: 'locate',
  description: "The user's location, from the browser.",
  argsType: { type: 'object', properties: {} },
});
