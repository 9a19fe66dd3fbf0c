/**
 * How long a tool result may be before the model gets only its head (`resultBudget` on an agent or
 * a tool; the tool's wins).
 */
export interface ResultBudget {
  /** The most characters of a result the model gets; longer results are cut to this head. */
  maxChars: number;
  /**
   * Save a result over budget as an artifact (default true): the model gets its head plus a note naming
   * the artifact and its full size, and pages through it with the built-in `read_artifact` tool.
   * With `false`, the rest is only cut.
   */
  spill?: boolean;
}
