/** The longest part of a server's stderr kept, in characters. */
const keptChars = 2_000;

/**
 * The last lines a server wrote to stderr, for error messages ("exited: Error: EADDRINUSE...").
 */
export class StderrTail {
  private text = '';

  /** @param chunk - what the server wrote */
  add(chunk: Buffer | string): void {
    this.text = (this.text + chunk.toString()).slice(-keptChars);
  }

  /** @returns ` Its last stderr output: ...` when there is some, else an empty string */
  describe(): string {
    const lines = this.text.trim().split('\n').slice(-5).join('\n');
    return lines.length === 0 ? '' : ` Its last stderr output: ${lines}`;
  }
}
