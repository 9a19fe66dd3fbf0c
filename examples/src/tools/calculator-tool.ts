import 'reflect-metadata';
import { IsInt, Max, Min } from 'class-validator';
import { LLMDescription, Tool } from '@toolcraft/core';

/** The arguments of the calculator: two digits. */
export class CalculatorArgs {
  @LLMDescription('The first digit to add (0-9)')
  @IsInt()
  @Min(0)
  @Max(9)
  digit1!: number;

  @LLMDescription('The second digit to add (0-9)')
  @IsInt()
  @Min(0)
  @Max(9)
  digit2!: number;
}

/** A simple calculator that adds two digits, as a class tool. */
export class CalculatorTool extends Tool<CalculatorArgs, number> {
  constructor() {
    super({ argsType: CalculatorArgs, name: 'calculator', description: 'A simple calculator that can add two digits (0-9).' });
  }

  /** Adds the two digits. */
  async execute(args: CalculatorArgs): Promise<number> {
    return args.digit1 + args.digit2;
  }
}
