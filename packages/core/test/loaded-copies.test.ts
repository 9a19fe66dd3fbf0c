import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Type } from 'class-transformer';
import { IsString, ValidateNested } from 'class-validator';
import { InvalidToolDefinitionError } from '../src/index.js';
import { compileArgsClass } from '../src/schema/class-args/compile-args-class.js';
import { describeLoadedCopies } from '../src/schema/class-args/loaded-copies.js';

const source = join(__dirname, '..', 'src');
const packageRoot = (name: string) => dirname(require.resolve(`${name}/package.json`));

/**
 * Runs a script in a fresh Node process (through tsx, so it can load the TypeScript sources), where
 * `require.cache` is Node's own: jest keeps its modules in a registry of its own.
 */
function runInNode(script: string, folder: string): string {
  const file = join(folder, 'script.ts');
  writeFileSync(file, script);
  return execFileSync(process.execPath, [join(packageRoot('tsx'), 'dist', 'cli.mjs'), file], { encoding: 'utf8' });
}

describe('describeLoadedCopies', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'toolcraft-copies-'));
    const copy = join(folder, 'node_modules', 'class-transformer');
    cpSync(packageRoot('class-transformer'), copy, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8')) as { version: string };
    writeFileSync(join(copy, 'package.json'), JSON.stringify({ ...manifest, version: '0.4.0' }));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('names each copy of class-transformer, with its version and folder, when @Type was recorded by a second copy', () => {
    const output = runInNode(
      `
      require(${JSON.stringify(require.resolve('reflect-metadata'))});
      const { IsString, ValidateNested } = require(${JSON.stringify(require.resolve('class-validator'))});
      const { Type } = require(${JSON.stringify(join(folder, 'node_modules', 'class-transformer'))});
      const { compileArgsClass } = require(${JSON.stringify(join(source, 'schema', 'class-args', 'compile-args-class.ts'))});
      class Inner {}
      IsString()(Inner.prototype, 'name');
      class Args {}
      ValidateNested()(Args.prototype, 'inner');
      Type(() => Inner)(Args.prototype, 'inner');
      try {
        compileArgsClass(Args, 'tool');
        console.log('compiled');
      } catch (error) {
        console.log(error.name + ': ' + error.message);
      }
      `,
      folder,
    );
    const own = packageRoot('class-transformer');
    const ownVersion = (JSON.parse(readFileSync(join(own, 'package.json'), 'utf8')) as { version: string }).version;
    expect(output).toContain('InvalidToolDefinitionError');
    expect(output).toContain('class-transformer is loaded 2 times');
    expect(output).toContain(`${ownVersion} at ${own} (the copy @toolcraft/core uses)`);
    expect(output).toContain(`0.4.0 at ${join(folder, 'node_modules', 'class-transformer')}`);
  });

  it('says nothing when one copy is loaded', () => {
    expect(describeLoadedCopies('class-transformer')).toBeUndefined();
  });

  it('keeps the general hint when no second copy is seen', () => {
    class Args {
      @ValidateNested() inner!: object;
    }
    expect(() => compileArgsClass(Args, 'tool')).toThrow(InvalidToolDefinitionError);
    expect(() => compileArgsClass(Args, 'tool')).toThrow(/add @Type\(\(\) => NestedClass\).*class-transformer is loaded twice/s);
  });

  it('is not needed when @Type comes from the copy toolcraft uses', () => {
    class Inner {
      @IsString() name!: string;
    }
    class Args {
      @ValidateNested() @Type(() => Inner) inner!: Inner;
    }
    expect(compileArgsClass(Args, 'tool').schema.properties?.inner).toMatchObject({ type: 'object', required: ['name'] });
  });
});
