import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const packages = join(__dirname, '..', '..');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(?:ts|mts|cts)$/.test(entry.name) ? [path] : [];
  });
}

describe('Library imports', () => {
  it('no source file imports a private file of class-validator or class-transformer (only their entry points)', () => {
    const deep = /(?:from\s+|import\s*\(\s*|require\s*\(\s*|declare\s+module\s+)['"](class-validator|class-transformer)\/[^'"]+['"]/;
    const offenders = readdirSync(packages)
      .flatMap((name) => {
        try {
          return sourceFiles(join(packages, name, 'src'));
        } catch {
          return [];
        }
      })
      .filter((file) => deep.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
