import 'reflect-metadata';
import { IsInt, Max, Min } from 'class-validator';
import { LLMDescription, Tool } from '@toolcraft/core';
import { LLMDescription as Describe, Tool as ToolMethod } from '@toolcraft/core/annotations';

/** The two-digit adder's arguments, written as a user would (API.md, "Defining tools"). */
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

/** Case (b): the class-based tool. */
export class CalculatorTool extends Tool<CalculatorArgs, number> {
  constructor() {
    super({ argsType: CalculatorArgs, name: 'calculator', description: 'A simple calculator that can add two digits (0-9).' });
  }

  async execute(args: CalculatorArgs): Promise<number> {
    return args.digit1 + args.digit2;
  }
}

/** Case (c): the same tool as an annotated method; ranges are checked in the body, as a user would. */
export class MathService {
  @ToolMethod({ customName: 'calculator' })
  @Describe('A simple calculator that can add two digits (0-9).')
  add(@Describe('The first digit to add (0-9)') digit1: number, @Describe('The second digit to add (0-9)') digit2: number): number {
    if (!Number.isInteger(digit1) || digit1 < 0 || digit1 > 9) throw new RangeError('digit1 must be a single digit (0-9)');
    if (!Number.isInteger(digit2) || digit2 < 0 || digit2 > 9) throw new RangeError('digit2 must be a single digit (0-9)');
    return digit1 + digit2;
  }
}

/** The call every valid case answers. */
export const validCall = Object.freeze({ id: 'call_1', name: 'calculator', arguments: '{"digit1":3,"digit2":4}' });

/** The call every invalid case answers: both arguments wrong. */
export const invalidCall = Object.freeze({ id: 'call_2', name: 'calculator', arguments: '{"digit1":"x","digit2":42}' });
