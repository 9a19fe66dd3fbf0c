import 'reflect-metadata';
import { IsString } from 'class-validator';
import { LLMDescription, SimpleTool } from '@toolcraft/core';

/** The arguments of cast_to_double. */
export class CastToDoubleArgs {
  @LLMDescription('An expression to cast to a double, e.g. "3" or "2.5"')
  @IsString()
  expression!: string;

  @LLMDescription('A comment on how to process the expression')
  @IsString()
  comment!: string;
}

/** Casts a textual expression to a double; the text it returns is what the model sees. */
export class CastToDoubleTool extends SimpleTool<CastToDoubleArgs> {
  constructor() {
    super({
      argsType: CastToDoubleArgs,
      name: 'cast_to_double',
      description: 'Casts the passed expression to a double, or returns 0.0 if it cannot be cast.',
    });
  }

  /** Parses the expression. */
  execute(args: CastToDoubleArgs): string {
    const value = Number(args.expression.trim());
    return `Result: ${(args.expression.trim() !== '' && Number.isFinite(value) ? value : 0).toFixed(1)}`;
  }
}
