import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  ArtifactStoreError,
  FileArtifactStore,
  InMemoryArtifactStore,
  InvalidArtifactNameError,
  type ArtifactScope,
  type ArtifactStore,
} from '@toolcraft/core';

const monday: ArtifactScope = { appName: 'docs', userId: 'ada', sessionId: 'monday' };
const tuesday: ArtifactScope = { ...monday, sessionId: 'tuesday' };
const bob: ArtifactScope = { ...monday, userId: 'bob' };

function artifactStoreBehaviour(name: string, create: () => ArtifactStore, after: () => void = () => undefined): void {
  describe(name, () => {
    let store: ArtifactStore;
    beforeEach(() => {
      store = create();
    });
    afterEach(after);

    it('numbers the versions of a name 0, 1, ... and loads the latest or a given one', async () => {
      await expect(store.save(monday, 'report.md', '# v0')).resolves.toBe(0);
      await expect(store.save(monday, 'report.md', '# v1', { mimeType: 'text/markdown' })).resolves.toBe(1);
      await expect(store.load(monday, 'report.md')).resolves.toEqual({
        name: 'report.md',
        version: 1,
        mimeType: 'text/markdown',
        data: '# v1',
        size: 4,
      });
      await expect(store.load(monday, 'report.md', 0)).resolves.toMatchObject({ version: 0, mimeType: 'text/plain', data: '# v0' });
      await expect(store.load(monday, 'report.md', 7)).resolves.toBeUndefined();
      await expect(store.load(monday, 'missing.md')).resolves.toBeUndefined();
      await expect(store.versions(monday, 'report.md')).resolves.toEqual([0, 1]);
    });

    it('gives bytes back as bytes, with their media type', async () => {
      const png = new Uint8Array([137, 80, 78, 71, 0, 255]);
      await store.save(monday, 'logo.png', png, { mimeType: 'image/png' });
      const loaded = await store.load(monday, 'logo.png');
      expect(loaded).toMatchObject({ mimeType: 'image/png', size: 6 });
      expect(Array.from(loaded!.data as Uint8Array)).toEqual([137, 80, 78, 71, 0, 255]);
      await expect(store.save(monday, 'blob', new Uint8Array([1]))).resolves.toBe(0);
      await expect(store.load(monday, 'blob')).resolves.toMatchObject({ mimeType: 'application/octet-stream' });
    });

    it('shares user: names across the user’s sessions, not with other users; plain names stay in their session', async () => {
      await store.save(monday, 'user:profile.json', '{"theme":"dark"}');
      await store.save(monday, 'notes.txt', 'monday only');
      await expect(store.load(tuesday, 'user:profile.json')).resolves.toMatchObject({ data: '{"theme":"dark"}' });
      await expect(store.load(tuesday, 'notes.txt')).resolves.toBeUndefined();
      await expect(store.load(bob, 'user:profile.json')).resolves.toBeUndefined();
      await expect(store.list(monday)).resolves.toEqual(['notes.txt', 'user:profile.json']);
      await expect(store.list(tuesday)).resolves.toEqual(['user:profile.json']);
    });

    it('gives concurrent saves of one name distinct versions', async () => {
      const versions = await Promise.all(Array.from({ length: 8 }, (_, index) => store.save(monday, 'log.txt', `entry ${index}`)));
      expect(versions.slice().sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    });

    it('keeps names of up to 200 characters in any script, the user’s too, and lists them by name', async () => {
      const long = '報告書'.repeat(65) + '.md';
      const userLong = `user:${'😀'.repeat(97)}`;
      await expect(store.save(monday, long, 'one')).resolves.toBe(0);
      await expect(store.save(monday, long, 'two')).resolves.toBe(1);
      await expect(store.save(monday, userLong, 'mine')).resolves.toBe(0);
      await expect(store.save(monday, 'short.md', 'short')).resolves.toBe(0);
      await expect(store.load(monday, long)).resolves.toMatchObject({ name: long, version: 1, data: 'two' });
      await expect(store.load(tuesday, userLong)).resolves.toMatchObject({ data: 'mine' });
      await expect(store.load(monday, '報告書'.repeat(65) + '.mdx')).resolves.toBeUndefined();
      await expect(store.list(monday)).resolves.toEqual([long, 'short.md', userLong].sort());
      await expect(store.versions(monday, long)).resolves.toEqual([0, 1]);
    });

    it.each([
      ['../escape.txt', /'\.\.'|path separator/],
      ['..', /'\.\.'/],
      ['a/../../b', /path separator/],
      ['/etc/passwd', /path separator/],
      ['C:\\Windows\\win.ini', /path separator/],
      ['user:../x', /path separator|'\.\.'/],
      ['user:', /nothing follows 'user:'/],
      ['', /length is 0/],
      ['bad\u0000name', /control character/],
      ['.', /only dots/],
    ])('refuses the name %j without writing anything', async (bad, reason) => {
      await expect(store.save(monday, bad, 'x')).rejects.toThrow(InvalidArtifactNameError);
      await expect(store.save(monday, bad, 'x')).rejects.toThrow(reason);
      await expect(store.load(monday, bad)).rejects.toThrow(InvalidArtifactNameError);
      await expect(store.list(monday)).resolves.toEqual([]);
    });
  });
}

artifactStoreBehaviour('InMemoryArtifactStore', () => new InMemoryArtifactStore());

let dir: string;
artifactStoreBehaviour(
  'FileArtifactStore',
  () => new FileArtifactStore((dir = join(mkdtempSync(join(tmpdir(), 'toolcraft-artifacts-')), 'store'))),
  () => rmSync(dirname(dir), { recursive: true, force: true }),
);

describe('FileArtifactStore on disk', () => {
  it('keeps every file inside its folder, even for app, user and session names with .. and /', async () => {
    const root = mkdtempSync(join(tmpdir(), 'toolcraft-artifacts-'));
    try {
      const store = new FileArtifactStore(join(root, 'store'));
      await store.save({ appName: '..', userId: '../..', sessionId: '/etc' }, 'file.txt', 'inside');
      expect(readdirSync(root)).toEqual(['store']);
      await expect(store.load({ appName: '..', userId: '../..', sessionId: '/etc' }, 'file.txt')).resolves.toMatchObject({
        data: 'inside',
      });
      expect(existsSync(join(root, 'store', '%2E%2E'))).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('never makes a file or folder name longer than 255 bytes, for long app, user, session and artifact names', async () => {
    const root = mkdtempSync(join(tmpdir(), 'toolcraft-artifacts-'));
    try {
      const store = new FileArtifactStore(root);
      const scope = { appName: 'アプリ'.repeat(80), userId: 'ユーザー'.repeat(60), sessionId: '会話'.repeat(128) };
      await store.save(scope, '名前'.repeat(100), 'x');
      await store.save(scope, `user:${'名'.repeat(195)}`, 'y');
      await expect(store.list(scope)).resolves.toEqual(['名前'.repeat(100), `user:${'名'.repeat(195)}`].sort());
      for (const name of readdirSync(root, { recursive: true }).map(String))
        for (const part of name.split(/[\\/]/)) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(255);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('tells a failure of the file system as an ArtifactStoreError naming the artifact, without the absolute path', async () => {
    const root = mkdtempSync(join(tmpdir(), 'toolcraft-artifacts-'));
    try {
      writeFileSync(join(root, 'store'), 'a file where the folder should be');
      const store = new FileArtifactStore(join(root, 'store'));
      const saving = store.save(monday, 'report.md', 'x');
      await expect(saving).rejects.toThrow(ArtifactStoreError);
      await expect(saving).rejects.toThrow(/^Could not save artifact 'report.md': the file system refused \(E[A-Z]+/);
      const error = (await saving.catch((caught: unknown) => caught)) as ArtifactStoreError;
      expect(error.message).not.toContain(root);
      expect(error.cause).toBeUndefined();
      await expect(store.list(monday)).rejects.toMatchObject({ operation: 'list', artifactName: undefined });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
