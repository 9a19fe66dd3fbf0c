import 'reflect-metadata';
import { LLMDescription, Tool } from '@toolcraft/core/annotations';

/** The calculator as an annotated method of an ordinary service class. */
export class MathService {
  /** How many additions this instance made (shows that `this` is kept). */
  additions = 0;

  /** Adds two digits; the ranges are checked in the method, with errors the model can read. */
  @Tool({ customName: 'calculator' })
  @LLMDescription('A simple calculator that can add two digits (0-9).')
  add(
    @LLMDescription('The first digit to add (0-9)') digit1: number,
    @LLMDescription('The second digit to add (0-9)') digit2: number,
  ): number {
    if (!Number.isInteger(digit1) || digit1 < 0 || digit1 > 9) throw new RangeError('digit1 must be a single digit (0-9)');
    if (!Number.isInteger(digit2) || digit2 < 0 || digit2 > 9) throw new RangeError('digit2 must be a single digit (0-9)');
    this.additions += 1;
    return digit1 + digit2;
  }
}
