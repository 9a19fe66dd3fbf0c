import 'reflect-metadata';
import { LLMDescription, Tool } from '../../src/annotations.js';

/** An annotated service: `add` is a tool; `square` is limited to 2 calls per run. */
export class MathService {
  readonly calls: string[] = [];

  @Tool()
  @LLMDescription('Adds two numbers.')
  add(@LLMDescription('The first number') a: number, @LLMDescription('The second number') b: number): number {
    this.calls.push(`add ${a} ${b}`);
    return a + b;
  }

  @Tool({ maxInvocations: 2 })
  @LLMDescription('Squares a number.')
  square(@LLMDescription('The number') n: number): number {
    this.calls.push(`square ${n}`);
    return n * n;
  }
}
