/** Limits on the arguments of one tool call, checked before a tool sees them. */
export interface ArgumentLimits {
  /** The longest argument JSON accepted, in characters. Default 1,000,000. */
  maxLength: number;
  /** The deepest nesting of objects and arrays accepted. Default 32. */
  maxDepth: number;
}

/** The default {@link ArgumentLimits}: 1,000,000 characters and 32 levels of nesting. */
export const defaultArgumentLimits: Readonly<ArgumentLimits> = Object.freeze({ maxLength: 1_000_000, maxDepth: 32 });
