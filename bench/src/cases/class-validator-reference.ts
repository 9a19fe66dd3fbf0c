import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { CalculatorArgs } from './calculator';
import type { HandWrittenResult } from './hand-written';

/**
 * Reference: the approach toolcraft avoids on the hot path. class-transformer `plainToInstance`
 * and class-validator `validate` on every call, then the addition and the result object.
 */
export async function classValidatorCalculator(call: { id: string; name: string; arguments: string }): Promise<HandWrittenResult> {
  const args = plainToInstance(CalculatorArgs, JSON.parse(call.arguments) as object);
  const errors = await validate(args);
  if (errors.length > 0) {
    const content = errors.map((error) => Object.values(error.constraints ?? {}).join(', ')).join('\n');
    return { id: call.id, name: call.name, content, isError: true };
  }
  const value = args.digit1 + args.digit2;
  return { id: call.id, name: call.name, content: JSON.stringify(value), isError: false, value };
}
