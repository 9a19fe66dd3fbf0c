// This file deliberately does not import reflect-metadata.
import { LLMDescription, Tool } from '../src/annotations.js';
import { InvalidToolDefinitionError } from '../src/index.js';

describe('Decorators without reflect-metadata', () => {
  it('fail with InvalidToolDefinitionError saying to import reflect-metadata', () => {
    const define = () => {
      class Service {
        @Tool()
        run(): string {
          return '';
        }
      }
      return Service;
    };
    expect(define).toThrow(InvalidToolDefinitionError);
    expect(define).toThrow(/reflect-metadata is not loaded\. Add `import 'reflect-metadata';`/);
    expect(() => LLMDescription('x')(class {})).toThrow(/reflect-metadata is not loaded/);
  });
});
