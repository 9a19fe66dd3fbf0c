/** What a formatter knows of the call whose result it formats. */
export interface ResultFormatContext {
  /** The tool's name. */
  toolName: string;
}

/** Turns a tool's result into the text the model sees. */
export type ResultFormatter<TResult> = (result: TResult, context: ResultFormatContext) => string;
