/** What every hand-written case returns: the shape of toolcraft's `ReceivedToolResult`. */
export interface HandWrittenResult {
  id: string;
  name: string;
  content: string;
  isError: boolean;
  value?: number;
}

interface RawCall {
  id: string;
  name: string;
  arguments: string;
}

function isDigit(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 9;
}

function describe(value: unknown): string {
  return typeof value === 'string' ? `string ${JSON.stringify(value)}` : `${typeof value} ${String(value)}`;
}

function problem(name: string, value: unknown): string | undefined {
  if (value === undefined) return `'${name}': is required but missing`;
  if (typeof value !== 'number' || !Number.isInteger(value)) return `'${name}': expected an integer, got ${describe(value)}`;
  if (value < 0 || value > 9) return `'${name}': must be between 0 and 9, got ${describe(value)}`;
  return undefined;
}

/**
 * Case (a): the hand-written baseline. Parses, checks both ranges, adds, stringifies the result.
 * An invalid call is answered by {@link handWrittenInvalid}'s logic.
 */
export async function handWrittenCalculator(call: RawCall): Promise<HandWrittenResult> {
  const args = JSON.parse(call.arguments) as { digit1?: unknown; digit2?: unknown };
  const { digit1, digit2 } = args;
  if (!isDigit(digit1) || !isDigit(digit2)) return invalidResult(call, digit1, digit2);
  const value = digit1 + digit2;
  return { id: call.id, name: call.name, content: JSON.stringify(value), isError: false, value };
}

/** Case (d), hand-written: parse, check, one message listing every problem, an error result. */
export async function handWrittenInvalid(call: RawCall): Promise<HandWrittenResult> {
  const args = JSON.parse(call.arguments) as { digit1?: unknown; digit2?: unknown };
  return invalidResult(call, args.digit1, args.digit2);
}

function invalidResult(call: RawCall, digit1: unknown, digit2: unknown): HandWrittenResult {
  const problems: string[] = [];
  const first = problem('digit1', digit1);
  if (first !== undefined) problems.push(first);
  const second = problem('digit2', digit2);
  if (second !== undefined) problems.push(second);
  const content = `Error: Invalid arguments for tool '${call.name}':\n- ${problems.join('\n- ')}\nFix the arguments and call '${call.name}' again.`;
  return { id: call.id, name: call.name, content, isError: true };
}
