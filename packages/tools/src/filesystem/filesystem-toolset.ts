import type { AnyTool, Toolset } from '@toolcraft/core';
import { InvalidToolsetOptionsError } from '../errors/invalid-toolset-options-error.js';
import { EditFileTool } from './edit-file-tool.js';
import type { FileSystemOptions, FileSystemSettings } from './filesystem-options.js';
import { ListFilesTool } from './list-files-tool.js';
import { ReadFileTool } from './read-file-tool.js';
import { RootedPaths } from './rooted-path.js';
import { SearchFilesTool } from './search-files-tool.js';
import { WriteFileTool } from './write-file-tool.js';

const limits = ['maxReadChars', 'maxWriteBytes', 'maxEntries', 'maxFileBytes'] as const;

/**
 * Files under one root folder (Koog's file tools): `read_file` (line ranges), `list_files`,
 * `search_files`, and unless `readOnly`, `write_file` and `edit_file` (a unique snippet replaced).
 * Every path, symlinks included, stays inside the root; sizes are bounded; effects are per tool
 * (read, write), so `approvals: 'write'` asks before every change.
 * @example
 * new Agent({ model, tools: [new FileSystemToolset({ root: './workspace' })], approvals: 'write' });
 */
export class FileSystemToolset implements Toolset {
  readonly name = 'filesystem';
  /** The tools, in order. */
  readonly tools: readonly AnyTool[];

  /**
   * @param options - the root, `readOnly` and the limits
   * @throws InvalidToolsetOptionsError for a missing root or an impossible limit
   */
  constructor(options: FileSystemOptions) {
    const settings = readOptions(options);
    const paths = new RootedPaths(settings.root);
    const name = (base: string) => `${settings.prefix}${base}`;
    const read: AnyTool[] = [
      new ReadFileTool(paths, settings, name('read_file')),
      new ListFilesTool(paths, settings, name('list_files')),
      new SearchFilesTool(paths, settings, name('search_files')),
    ];
    this.tools = Object.freeze(
      settings.readOnly
        ? read
        : [...read, new WriteFileTool(paths, settings, name('write_file')), new EditFileTool(paths, settings, name('edit_file'))],
    );
  }

  /** @returns the tools (the same every turn) */
  getTools(): readonly AnyTool[] {
    return this.tools;
  }
}

function readOptions(options: FileSystemOptions): FileSystemSettings {
  const subject = 'FileSystemToolset';
  if (typeof options?.root !== 'string' || options.root === '')
    throw new InvalidToolsetOptionsError(subject, 'root', options?.root, 'a folder path');
  const settings: FileSystemSettings = {
    root: options.root,
    readOnly: options.readOnly === true,
    maxReadChars: options.maxReadChars ?? 100_000,
    maxWriteBytes: options.maxWriteBytes ?? 1_000_000,
    maxEntries: options.maxEntries ?? 500,
    maxFileBytes: options.maxFileBytes ?? 2_000_000,
    prefix: options.prefix ?? '',
  };
  for (const key of limits)
    if (!Number.isInteger(settings[key]) || settings[key] < 1)
      throw new InvalidToolsetOptionsError(subject, key, settings[key], 'a whole number of at least 1');
  if (!/^[a-zA-Z0-9_-]*$/.test(settings.prefix))
    throw new InvalidToolsetOptionsError(subject, 'prefix', settings.prefix, 'letters, digits, _ or -');
  return settings;
}
