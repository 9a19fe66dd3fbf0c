import { Tool, type JsonSchema, type ToolEffects } from '../../src/index.js';

export const pathArgs: JsonSchema = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };

/** A tool that records each path it was called with, so a test counts how often its body ran. */
export class PathTool extends Tool<{ path: string }, string> {
  readonly ran: string[] = [];
  constructor(
    name: string,
    effects: ToolEffects | undefined,
    extra: {
      needsApproval?: boolean | ((args: { path: string }) => boolean | Promise<boolean>);
      idempotent?: boolean;
      longRunning?: boolean;
      maxInvocations?: number;
    } = {},
  ) {
    super({ argsType: pathArgs, name, description: `${name} a path`, ...(effects ? { effects } : {}), ...extra });
  }
  execute(args: { path: string }): string {
    this.ran.push(args.path);
    return `${this.name} ${args.path}`;
  }
}

/** A scripted tool call with a fixed id. */
export const call = (id: string, name: string, path: string) => ({ id, name, arguments: { path } });
