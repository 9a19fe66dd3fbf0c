/** Limits on the arguments of one tool call, checked before a tool sees them. */
export interface ArgumentLimits {
  /**
   * The longest argument JSON accepted, in characters. Default 1,000,000. Arguments passed as an
   * object are measured as their JSON would be (strings, keys and a small cost per value).
   */
  maxLength: number;
  /** The deepest nesting of objects and arrays accepted. Default 32. */
  maxDepth: number;
  /** The most violations listed in an error; the rest are counted ("and N more"). Default 20. */
  maxViolations?: number;
  /** The longest quoted value in a violation, in characters, before it is cut. Default 80. */
  maxQuotedLength?: number;
}

/** The default {@link ArgumentLimits}: 1,000,000 characters, 32 levels, 20 violations listed, values quoted up to 80 characters. */
export const defaultArgumentLimits: Readonly<Required<ArgumentLimits>> = Object.freeze({
  maxLength: 1_000_000,
  maxDepth: 32,
  maxViolations: 20,
  maxQuotedLength: 80,
});
