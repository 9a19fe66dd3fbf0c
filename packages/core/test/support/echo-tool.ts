import { Tool, type JsonSchema, type ToolLimits } from '../../src/index.js';

const textArgs: JsonSchema = { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] };

/** A tool named as asked that answers `name:text` (or what `body` returns), for toolset tests. */
export class EchoTool extends Tool<{ text: string }, string> {
  readonly calls: string[] = [];
  constructor(
    name: string,
    private readonly body: (text: string) => string | Promise<string> = (text) => `${name}:${text}`,
    limits: ToolLimits = {},
  ) {
    super({ argsType: textArgs, name, description: `The ${name} tool.`, ...limits });
  }
  execute(args: { text: string }): string | Promise<string> {
    this.calls.push(args.text);
    return this.body(args.text);
  }
}

/** A model call of `name` with `{ text }`. */
export function call(name: string, text = 'x'): { name: string; arguments: { text: string } } {
  return { name, arguments: { text } };
}
