/** Options of a {@link FileSystemToolset}. */
export interface FileSystemOptions {
  /** The folder every path stays inside (symlinks included). */
  root: string;
  /** Offer only the tools that read (`read_file`, `list_files`, `search_files`); default false. */
  readOnly?: boolean;
  /** The most characters `read_file` answers with (the rest is cut, saying how to read on, inside a line too); default 100,000. */
  maxReadChars?: number;
  /** The largest file `write_file` and `edit_file` write, in bytes; default 1,000,000. */
  maxWriteBytes?: number;
  /** The most entries `list_files` and matches `search_files` answer with; default 500. */
  maxEntries?: number;
  /** Files larger than this, in bytes, are refused by `read_file` and `edit_file` and skipped by `search_files`; default 2,000,000. */
  maxFileBytes?: number;
  /** Prefix of the tools' names (`'fs_'` gives `fs_read_file`); default none. */
  prefix?: string;
}

/** The options with their defaults. @internal */
export type FileSystemSettings = Required<FileSystemOptions>;
