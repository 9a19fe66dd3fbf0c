import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsInt, IsString, Min, ValidateNested } from 'class-validator';
import { LLMDescription } from '../../src/index.js';

/** One line of an invoice. */
export class InvoiceLine {
  @LLMDescription('What was bought')
  @IsString()
  item!: string;
  @LLMDescription('Price in cents')
  @IsInt()
  @Min(0)
  cents!: number;
}

/** A structured output of the tests: an invoice, with nested lines. */
export class Invoice {
  @LLMDescription('Total in cents')
  @IsInt()
  @Min(0)
  total!: number;
  @LLMDescription('The lines')
  @ValidateNested({ each: true })
  @Type(() => InvoiceLine)
  lines!: InvoiceLine[];

  /** A method, to show the output is an instance. */
  lineCount(): number {
    return this.lines.length;
  }
}
