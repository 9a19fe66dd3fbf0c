import { AbortWatchers } from '../../src/environment/abort-watchers.js';

describe('AbortWatchers', () => {
  it('tells its watchers in the order they were added, however they were added and deleted', () => {
    const told: string[] = [];
    const watcher = (name: string) => (reason: unknown) => told.push(`${name}:${String(reason)}`);
    const [a, b, c, d, e] = ['a', 'b', 'c', 'd', 'e'].map(watcher) as [ReturnType<typeof watcher>, ...ReturnType<typeof watcher>[]];
    const watchers = new AbortWatchers();
    watchers.add(a);
    watchers.add(b!);
    watchers.delete(a);
    watchers.add(c!); // after b, though the oldest's place is free
    watchers.add({ onWatchedAbort: (reason) => told.push(`object:${String(reason)}`) });
    watchers.delete(c!);
    watchers.delete(e!); // never added: nothing happens
    watchers.notify('x');
    expect(told).toEqual(['b:x', 'object:x']);

    told.length = 0;
    watchers.notify('again'); // forgotten once told
    expect(told).toEqual([]);
    watchers.add(d!);
    watchers.delete(d!);
    watchers.add(a);
    watchers.add(a); // twice: told twice, deleted once each
    watchers.delete(a);
    watchers.add(b!);
    watchers.notify('y');
    expect(told).toEqual(['a:y', 'b:y']);
  });

  it('tells its watchers once, in the order they were added, from one watcher to many and back', () => {
    const told: string[] = [];
    const watcher = (name: string) => (reason: unknown) => told.push(`${name}:${String(reason)}`);
    const first = watcher('first');
    const second = { onWatchedAbort: (reason: unknown) => told.push(`second:${String(reason)}`) };
    const third = watcher('third');
    const watchers = new AbortWatchers();
    watchers.add(first);
    watchers.delete(third); // not there: nothing happens
    watchers.delete(first);
    watchers.add(first);
    watchers.add(second);
    watchers.add(third);
    watchers.delete(second);
    watchers.add(second);
    watchers.notify('stop');
    expect(told).toEqual(['first:stop', 'third:stop', 'second:stop']);
    watchers.notify('again');
    expect(told).toHaveLength(3);
  });

  it('tells a lone watcher, forgets a deleted one, and does not tell a watcher added while it notifies', () => {
    const told: string[] = [];
    const watchers = new AbortWatchers();
    const late = () => told.push('late');
    watchers.add(() => {
      told.push('lone');
      watchers.add(late);
    });
    watchers.notify('stop');
    expect(told).toEqual(['lone']);
    watchers.delete(late);
    watchers.notify('again');
    expect(told).toEqual(['lone']);
  });
});
