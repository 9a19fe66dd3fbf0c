import { ToolcraftError } from '@toolcraft/core';
import { generateToolSchemas, SchemaGenerationError } from '../src/index';
import { fixturePath } from './support/fixtures';

// Each run builds a TypeScript program: seconds on a busy machine.
jest.setTimeout(60_000);

function generationError(file: string): SchemaGenerationError {
  try {
    generateToolSchemas({ project: fixturePath('undescribable', 'tsconfig.json'), files: [file] });
  } catch (error) {
    if (error instanceof SchemaGenerationError) return error;
    throw error;
  }
  throw new Error(`expected ${file} to fail`);
}

describe('SchemaGenerationError', () => {
  it('names the class, method and parameter of a function-typed parameter and says what to do', () => {
    const error = generationError('function-parameter.ts');
    expect(error.message).toContain("parameter 'onDone' of CallbackService.run (function-parameter.ts:5)");
    expect(error.message).toContain("'(result: string) => void' is a function");
    expect(error.message).toContain('Use a JSON-compatible type');
    expect(error.location).toEqual({
      className: 'CallbackService',
      methodName: 'run',
      parameterName: 'onDone',
      source: 'function-parameter.ts:5',
    });
  });

  it('is a ToolcraftError', () => {
    const error = generationError('function-parameter.ts');
    expect(ToolcraftError.isInstance(error)).toBe(true);
    expect(error.name).toBe('SchemaGenerationError');
  });

  it('rejects a Promise parameter', () => {
    expect(generationError('promise-parameter.ts').message).toContain(
      "parameter 'pending' of PromiseService.wait (promise-parameter.ts:5) as JSON Schema: its type 'Promise<string>' is a Promise",
    );
  });

  it('rejects an optional symbol parameter', () => {
    expect(generationError('symbol-parameter.ts').message).toContain("parameter 'key' of SymbolService.tag");
  });

  it('names the property path of a Map nested in an interface', () => {
    const error = generationError('map-property.ts');
    expect(error.message).toContain("its property 'counts' has type 'Map<string, number>', a Map");
    expect(error.location.propertyPath).toBe('counts');
  });

  it('names the tool class and the path for an Args type holding functions', () => {
    const error = generationError('function-args.ts');
    expect(error.message).toContain('the Args type of tool class HookTool');
    expect(error.location).toMatchObject({ className: 'HookTool', propertyPath: 'hooks[].before' });
  });
});
