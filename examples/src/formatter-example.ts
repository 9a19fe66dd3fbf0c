import 'reflect-metadata';
import { AgentEnvironment, type ReceivedToolResult, ToolRegistry } from '@toolcraft/core';
import { LLMDescription, Tool } from '@toolcraft/core/annotations';

/** A tabular result; the environment decides how the model sees it. */
export class Table {
  constructor(
    readonly columns: string[],
    readonly rows: Array<Array<string | number>>,
  ) {}
}

/**
 * Formats a {@link Table} as a Markdown table, keeping at most `maxRows` rows and saying how many were left out.
 * @param maxRows - the rows to keep
 * @returns the formatter
 */
export function markdownTable(maxRows: number) {
  return (table: Table): string => {
    const shown = table.rows.slice(0, maxRows);
    const lines = [
      `| ${table.columns.join(' | ')} |`,
      `| ${table.columns.map(() => '---').join(' | ')} |`,
      ...shown.map((row) => `| ${row.join(' | ')} |`),
    ];
    if (table.rows.length > maxRows) lines.push(`(${table.rows.length - maxRows} more rows not shown)`);
    return lines.join('\n');
  };
}

/** A service whose tool returns a {@link Table}. */
export class InventoryService {
  /** Lists stock levels. */
  @Tool({ customName: 'stock_levels' })
  @LLMDescription('Lists the stock level of every product.')
  stock(): Table {
    return new Table(
      ['product', 'stock'],
      [
        ['apples', 12],
        ['pears', 0],
        ['plums', 7],
        ['figs', 3],
      ],
    );
  }
}

/**
 * Runs the tool twice: once with the default formatting (JSON), once with a Markdown-table
 * formatter registered on the environment for the `Table` class.
 * @returns both results
 */
export async function runFormatterExample(log: (line: string) => void = console.log): Promise<[ReceivedToolResult, ReceivedToolResult]> {
  const registry = ToolRegistry.of(new InventoryService());
  const plain = await new AgentEnvironment({ registry }).executeTool({ name: 'stock_levels' });
  const env = new AgentEnvironment({ registry });
  env.formatters.register(Table, markdownTable(3));
  const formatted = await env.executeTool({ name: 'stock_levels' });
  log(`Default formatting:\n${plain.content}\n\nWith a formatter for Table:\n${formatted.content}`);
  return [plain, formatted];
}

if (require.main === module) void runFormatterExample();
