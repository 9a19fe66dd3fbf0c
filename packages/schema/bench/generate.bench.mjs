// Times generateToolSchemas over a generated project of 100 @Tool methods (10 services of 10
// methods, with unions, optional parameters, arrays, interfaces, enums, records and TSDoc).
//
//   npm run build && node packages/schema/bench/generate.bench.mjs [--runs 5] [--module <path of index.js>]
//
// Prints the first (cold) run and the median of the following runs. Not a test: no thresholds.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, module: { type: 'string' } } });
const require = createRequire(import.meta.url);
const { generateToolSchemas } = require(values.module ?? new URL('../dist/cjs/index.js', import.meta.url).pathname);

const SERVICES = 10;
const METHODS = 10;

function shapes() {
  return `export interface Address {
  /** Street and number. @minLength 1 */
  street: string;
  city: string;
  postcode?: string;
}
export enum Unit { Metric = 'metric', Imperial = 'imperial' }
export interface Order { id: string; lines: Array<{ sku: string; quantity: number }>; shipTo: Address; notes?: string[] }
`;
}

function service(index) {
  const methods = Array.from(
    { length: METHODS },
    (_, m) => `
  /**
   * Operation ${m} of service ${index}.
   * @param query - what to look for
   * @param mode - how to look
   */
  @Tool({ customName: 'service${index}_op${m}' })
  op${m}(query: string, mode: 'fast' | 'exact' | 'fuzzy', /** @minimum 1 @maximum 100 */ limit = 10,
    tags?: string[], address?: Address, unit: Unit = Unit.Metric, order?: Order,
    labels?: Record<string, number>, since?: Date): string {
    return query + mode + limit + String(tags) + String(address) + unit + String(order) + String(labels) + String(since);
  }`,
  ).join('\n');
  return `import { Tool } from '@toolcraft/core/annotations';
import { Address, Order, Unit } from './shapes';

export class Service${index} {${methods}
}
`;
}

const directory = mkdtempSync(join(tmpdir(), 'toolcraft-schema-bench-'));
try {
  writeFileSync(
    join(directory, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'commonjs', strict: true, experimentalDecorators: true, skipLibCheck: true, types: [] },
      include: ['*.ts'],
    }),
  );
  writeFileSync(join(directory, 'shapes.ts'), shapes());
  for (let i = 0; i < SERVICES; i++) writeFileSync(join(directory, `service-${i}.ts`), service(i));
  const project = join(directory, 'tsconfig.json');
  const times = [];
  let tools = 0;
  for (let run = 0; run < Number(values.runs) + 1; run++) {
    const start = process.hrtime.bigint();
    tools = Object.keys(generateToolSchemas({ project }).tools).length;
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  const [cold, ...warm] = times;
  warm.sort((a, b) => a - b);
  const median = warm[Math.floor(warm.length / 2)];
  console.log(`generateToolSchemas: ${tools} tool methods, ${SERVICES} files`);
  console.log(`  first run: ${cold.toFixed(0)} ms`);
  console.log(
    `  median of ${warm.length} further runs: ${median.toFixed(0)} ms (min ${warm[0].toFixed(0)}, max ${warm[warm.length - 1].toFixed(0)})`,
  );
} finally {
  rmSync(directory, { recursive: true, force: true });
}
