import 'reflect-metadata';
import { IsInt, Max, Min } from 'class-validator';
import { LLMDescription, Tool, type ArgsClass } from '@toolcraft/core';

/** The arguments every generated tool takes: two digits, like the calculator. */
export interface DigitPair {
  digit1: number;
  digit2: number;
}

/**
 * Makes a distinct Args class at runtime, applying the decorators by calling them exactly as
 * TypeScript's emitted `__decorate` does (including the `design:type` metadata it emits).
 * @param index - makes the class (and its name) distinct
 * @returns a new class with two decorated digit properties
 */
export function generateArgsClass(index: number): ArgsClass<DigitPair> {
  const argsClass = { [`GeneratedArgs${index}`]: class {} }[`GeneratedArgs${index}`] as ArgsClass<DigitPair>;
  for (const property of ['digit1', 'digit2'] as const) {
    const decorators: PropertyDecorator[] = [
      LLMDescription(`The ${property === 'digit1' ? 'first' : 'second'} digit to add (0-9), variant ${index}`),
      IsInt(),
      Min(0),
      Max(9),
      Reflect.metadata('design:type', Number) as PropertyDecorator,
    ];
    // __decorate applies the decorators bottom-up.
    for (let at = decorators.length - 1; at >= 0; at--) decorators[at](argsClass.prototype as object, property);
  }
  return argsClass;
}

/** A generated tool: one instance per generated Args class. */
export class GeneratedTool extends Tool<DigitPair, number> {
  constructor(index: number, argsType: ArgsClass<DigitPair>) {
    super({ argsType, name: `tool_${index}`, description: `Adds two digits (0-9), variant ${index}.` });
  }

  async execute(args: DigitPair): Promise<number> {
    return args.digit1 + args.digit2;
  }
}

/**
 * @param count - how many Args classes to generate
 * @returns the classes
 */
export function generateArgsClasses(count: number): Array<ArgsClass<DigitPair>> {
  return Array.from({ length: count }, (_, index) => generateArgsClass(index));
}

/** A call to generated tool `index`. */
export function generatedCall(index: number): { id: string; name: string; arguments: string } {
  return { id: `call_${index}`, name: `tool_${index}`, arguments: '{"digit1":3,"digit2":4}' };
}
