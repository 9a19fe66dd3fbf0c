import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

/** A throwaway TypeScript project on disk, for CLI and stale-manifest tests. */
export interface TempProject {
  directory: string;
  /** Writes (or rewrites) a file of the project, making its directory if needed. */
  write(file: string, text: string): void;
  /** Deletes the project. */
  remove(): void;
}

/** A service with two tools, as the temp project starts. */
export const SERVICE_SOURCE = `import { Tool } from '@toolcraft/core/annotations';

export class NoteService {
  /** Adds a note. */
  @Tool()
  add(text: string, priority: 'low' | 'high' = 'low'): string {
    return text + priority;
  }

  /** Lists notes. */
  @Tool()
  list(limit?: number): string {
    return String(limit);
  }
}
`;

/**
 * Creates a temp project with a tsconfig and `service.ts` ({@link SERVICE_SOURCE}).
 * @returns the project
 */
export function createTempProject(): TempProject {
  const directory = mkdtempSync(path.join(tmpdir(), 'toolcraft-schema-'));
  const write = (file: string, text: string): void => {
    mkdirSync(path.dirname(path.join(directory, file)), { recursive: true });
    writeFileSync(path.join(directory, file), text);
  };
  write(
    'tsconfig.json',
    JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'commonjs', strict: true, experimentalDecorators: true, skipLibCheck: true, types: [] },
      include: ['*.ts'],
    }),
  );
  write('service.ts', SERVICE_SOURCE);
  return { directory, write, remove: () => rmSync(directory, { recursive: true, force: true }) };
}
