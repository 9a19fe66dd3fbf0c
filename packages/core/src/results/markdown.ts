/** Builds Markdown text line by line; used inside `markdown(b => ...)`. */
export class MarkdownBuilder {
  private readonly lines: string[] = [];

  /** Adds a line of text. */
  line(text = ''): this {
    this.lines.push(text);
    return this;
  }

  /** Adds an empty line. */
  blank(): this {
    return this.line('');
  }

  /** Adds a heading of the given level (1-6). */
  heading(text: string, level = 1): this {
    return this.line(`${'#'.repeat(Math.min(Math.max(level, 1), 6))} ${text}`);
  }

  /** Adds a bulleted list, one item per line. */
  bulleted(items: Iterable<string>): this {
    for (const item of items) this.line(`- ${item}`);
    return this;
  }

  /** Adds a numbered list. */
  numbered(items: Iterable<string>): this {
    let index = 1;
    for (const item of items) this.line(`${index++}. ${item}`);
    return this;
  }

  /** Adds a fenced code block. */
  codeBlock(code: string, language = ''): this {
    const fence = code.includes('```') ? '````' : '```';
    return this.line(`${fence}${language}`).line(code).line(fence);
  }

  /** @returns `**text**` */
  bold(text: string): string {
    return `**${text}**`;
  }

  /** @returns `*text*` */
  italic(text: string): string {
    return `*${text}*`;
  }

  /** @returns inline code, fenced with enough backticks */
  code(text: string): string {
    const fence = text.includes('`') ? '``' : '`';
    return `${fence}${text}${fence}`;
  }

  /** @returns the Markdown text */
  build(): string {
    return this.lines.join('\n');
  }
}

/**
 * Builds Markdown text, e.g. for `textForLLM()`.
 * @param build - adds lines to the builder
 * @returns the Markdown
 * @example
 * markdown((b) => b.heading('Edited file', 2).line(`${b.bold('path')}: ${path}`).bulleted(changes));
 */
export function markdown(build: (builder: MarkdownBuilder) => unknown): string {
  const builder = new MarkdownBuilder();
  build(builder);
  return builder.build();
}
