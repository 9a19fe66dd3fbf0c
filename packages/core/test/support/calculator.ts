import 'reflect-metadata';
import { IsInt, Max, Min } from 'class-validator';
import { LLMDescription, Tool } from '../../src/index.js';

/** Test Args: two digits. */
export class DigitsArgs {
  @LLMDescription('The first digit (0-9)')
  @IsInt()
  @Min(0)
  @Max(9)
  digit1!: number;
  @LLMDescription('The second digit (0-9)')
  @IsInt()
  @Min(0)
  @Max(9)
  digit2!: number;
}

/** A calculator tool with a configurable name and body, for tests. */
export class AddTool extends Tool<DigitsArgs, number> {
  constructor(
    name = 'calculator',
    private readonly body: (args: DigitsArgs) => Promise<number> | number = (args) => args.digit1 + args.digit2,
    timeoutMs?: number,
  ) {
    super({ argsType: DigitsArgs, name, description: 'Adds two digits.', ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
  }
  execute(args: DigitsArgs): Promise<number> | number {
    return this.body(args);
  }
}
