import 'reflect-metadata';
import { ArrayMaxSize, IsEmail, IsIn, IsInt, IsOptional, IsPositive, IsString, Length, Max, Min, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { LLMDescription, Tool, type JsonSchema } from '@toolcraft/core';

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

/** Greets someone, with an optional title. */
export class GreetTool extends Tool<GreetArgs, string> {
  constructor() {
    super({ argsType: GreetArgs, name: 'greet', description: 'Greets a person.' });
  }

  async execute(args: GreetArgs): Promise<string> {
    return args.title === undefined ? `Hello, ${args.name}!` : `Hello, ${args.title} ${args.name}!`;
  }
}

class Address {
  @LLMDescription('The street and number')
  @IsString()
  @Length(1, 80)
  street!: string;
}

class OrderArgs {
  @LLMDescription('How many to order')
  @IsInt()
  @IsPositive()
  @Max(10)
  quantity!: number;

  @LLMDescription('Who to send the receipt to')
  @IsEmail()
  email!: string;

  @LLMDescription('How fast')
  @IsIn(['standard', 'express'])
  speed!: string;

  @LLMDescription('Where to deliver')
  @ValidateNested()
  @Type(() => Address)
  address!: Address;

  @LLMDescription('Gift notes')
  @IsOptional()
  @IsString({ each: true })
  @ArrayMaxSize(3)
  notes?: string[];

  @LLMDescription('A discount in percent')
  @IsOptional()
  @Min(0)
  @Max(50)
  discount?: number;
}

/** A tool whose Args class uses what class-validator users write: bounds, formats, enums, a nested class, an optional array. */
export class OrderTool extends Tool<OrderArgs, string> {
  constructor() {
    super({ argsType: OrderArgs, name: 'order', description: 'Places an order.' });
  }

  async execute(args: OrderArgs): Promise<string> {
    return `ordered ${args.quantity}`;
  }
}

/** A tool over a hand-written JSON Schema. */
export class SchemaTool extends Tool<Record<string, unknown>, string> {
  constructor(name: string, schema: JsonSchema) {
    super({ argsType: schema, name, description: `The ${name} tool.` });
  }

  execute(): string {
    return 'done';
  }
}
