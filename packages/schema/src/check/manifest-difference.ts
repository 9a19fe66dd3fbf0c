/** One way a committed manifest differs from the one the code gives now. */
export interface ManifestDifference {
  /** The manifest key of the tool (`ClassName.methodName` or `ClassName`); `''` for the manifest itself. */
  tool: string;
  /** `added`: only in the code; `removed`: only in the committed manifest; `changed`: both, different. */
  change: 'added' | 'removed' | 'changed';
  /** The path inside the entry, e.g. `inputSchema.properties.mode.enum[2]` (`''` for the whole entry). */
  path: string;
  /** The committed value (absent when added). */
  committed?: unknown;
  /** The value the code gives now (absent when removed). */
  current?: unknown;
}
