import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileSessionStore, InMemorySessionStore } from '@toolcraft/core';
import { sessionStoreContract } from '../contracts/session-store.contract';

sessionStoreContract('InMemorySessionStore', () => new InMemorySessionStore());

let dir: string | undefined;
sessionStoreContract(
  'FileSessionStore',
  () => new FileSessionStore((dir = mkdtempSync(join(tmpdir(), 'toolcraft-sessions-')))),
  () => rmSync(dir!, { recursive: true, force: true }),
);
