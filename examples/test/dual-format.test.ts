import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

// Runs the *built* packages (npm test builds first) the way applications load them.
const run = (file: string) =>
  JSON.parse(execFileSync(process.execPath, [join(__dirname, 'fixtures', file)], { encoding: 'utf8' })) as unknown;

describe('Published builds', () => {
  it.each(['consumer.mjs', 'consumer.cjs'])('work when loaded from %s', (file) => {
    expect(run(file)).toEqual(['3', '4', 'function', 'add']);
  });
});

describe('Both builds loaded at once', () => {
  it('recognise each other: tools, metadata, keys and contexts cross between the ESM and CommonJS copies', () => {
    expect(run('mixed-copies.mjs')).toEqual(['1:cjs-span', 'mixed', false]);
  });
});
