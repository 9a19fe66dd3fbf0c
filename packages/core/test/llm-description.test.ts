import 'reflect-metadata';
import * as ts from 'typescript';
import * as annotations from '../src/annotations.js';
import { LLMDescription } from '../src/annotations.js';
import { InvalidToolDefinitionError } from '../src/index.js';

describe('LLMDescription', () => {
  it('refuses to be called as a TypeScript standard decorator, saying to enable experimentalDecorators', () => {
    const standard = LLMDescription('The city') as unknown as (value: unknown, context: object) => void;
    const call = () => standard(undefined, { kind: 'field', name: 'city', static: false, private: false });
    expect(call).toThrow(InvalidToolDefinitionError);
    expect(call).toThrow(/@LLMDescription on field 'city'.*"experimentalDecorators": true.*"emitDecoratorMetadata": true/s);
  });

  it('refuses an Args class compiled with TypeScript standard decorators (experimentalDecorators off) at class definition', () => {
    const source = `const { LLMDescription } = require('annotations');
      class WeatherArgs { @LLMDescription({ description: 'The city' }) city!: string; }`;
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, experimentalDecorators: false },
    });
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const define = new Function('require', outputText) as (require: (name: string) => unknown) => void;
    expect(() => define(() => annotations)).toThrow(InvalidToolDefinitionError);
    expect(() => define(() => annotations)).toThrow(/@LLMDescription on field 'city'.*"experimentalDecorators": true/s);
  });
});
