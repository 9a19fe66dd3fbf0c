import 'reflect-metadata';
import { IsInt, IsOptional, IsString } from 'class-validator';
import { LLMDescription, Tool } from '@toolcraft/core';

class AddArgs {
  @LLMDescription('The first integer')
  @IsInt()
  a!: number;

  @LLMDescription('The second integer')
  @IsInt()
  b!: number;
}

/** Adds two integers; records the arguments it was called with. */
export class AddTool extends Tool<AddArgs, number> {
  readonly calls: AddArgs[] = [];

  constructor() {
    super({ argsType: AddArgs, name: 'add', description: 'Adds two integers.' });
  }

  async execute(args: AddArgs): Promise<number> {
    this.calls.push(args);
    return args.a + args.b;
  }
}

class GreetArgs {
  @LLMDescription('Who to greet')
  @IsString()
  name!: string;

  @LLMDescription('An optional title, e.g. Dr')
  @IsOptional()
  @IsString()
  title?: string;
}

/** Greets someone, with an optional title; records the arguments it was called with. */
export class GreetTool extends Tool<GreetArgs, string> {
  readonly calls: GreetArgs[] = [];

  constructor() {
    super({ argsType: GreetArgs, name: 'greet', description: 'Greets a person.' });
  }

  async execute(args: GreetArgs): Promise<string> {
    this.calls.push(args);
    return args.title === undefined ? `Hello, ${args.name}!` : `Hello, ${args.title} ${args.name}!`;
  }
}
