import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
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
});
