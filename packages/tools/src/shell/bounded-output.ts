/**
 * Output of a command kept within a limit however much it prints: the first half of the limit and
 * the last half (a rolling tail), with how much was left out between them.
 */
export class BoundedOutput {
  private head = '';
  private tail = '';
  private total = 0;

  /** @param maxChars - the most characters kept */
  constructor(private readonly maxChars: number) {}

  /** @param chunk - more output */
  push(chunk: string): void {
    this.total += chunk.length;
    const half = Math.floor(this.maxChars / 2);
    if (this.head.length < half) {
      const room = half - this.head.length;
      this.head += chunk.slice(0, room);
      chunk = chunk.slice(room);
    }
    if (chunk.length === 0) return;
    this.tail = (this.tail + chunk).slice(-(this.maxChars - half));
  }

  /** @returns the kept output, saying how many characters were left out */
  text(): string {
    const cut = this.total - this.head.length - this.tail.length;
    return cut > 0 ? `${this.head}\n[... ${cut} characters left out ...]\n${this.tail}` : this.head + this.tail;
  }
}
