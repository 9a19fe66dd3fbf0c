/**
 * Builds one line of Markdown from inline pieces, as Koog's `line { bold("a").text(" b") }` does:
 * `l.bold('Successfully').text(' edited file')` gives `**Successfully** edited file`.
 */
export class MarkdownLine {
  private content = '';

  /**
   * Adds plain text.
   * @param text - the text
   * @returns this line
   */
  text(text: string): this {
    this.content += inlineText(text, 'text');
    return this;
  }

  /**
   * Adds bold text: `**text**`.
   * @param text - the text
   * @returns this line
   */
  bold(text: string): this {
    this.content += `**${inlineText(text, 'bold')}**`;
    return this;
  }

  /**
   * Adds italic text: `*text*`.
   * @param text - the text
   * @returns this line
   */
  italic(text: string): this {
    this.content += `*${inlineText(text, 'italic')}*`;
    return this;
  }

  /**
   * Adds struck-through text: `~~text~~`.
   * @param text - the text
   * @returns this line
   */
  strikethrough(text: string): this {
    this.content += `~~${inlineText(text, 'strikethrough')}~~`;
    return this;
  }

  /**
   * Adds inline code, fenced with more backticks than it contains.
   * @param text - the code
   * @returns this line
   */
  code(text: string): this {
    this.content += inlineCode(inlineText(text, 'code'));
    return this;
  }

  /**
   * Adds a link: `[text](url)`.
   * @param text - the link text
   * @param url - the target
   * @returns this line
   */
  link(text: string, url: string): this {
    this.content += `[${inlineText(text, 'link')}](${inlineText(url, 'link')})`;
    return this;
  }

  /** @returns the line's Markdown */
  toString(): string {
    return this.content;
  }
}

/**
 * Inline code: the text between backtick fences longer than any backtick run in it (padded with a
 * space when it starts or ends with a backtick).
 * @param text - the code
 * @returns the inline code
 */
export function inlineCode(text: string): string {
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const padded = text.startsWith('`') || text.endsWith('`') ? ` ${text} ` : text;
  return `${fence}${padded}${fence}`;
}

/**
 * The text of an inline piece: a string, number or boolean as text; anything else (a function, an
 * object) is refused, so no function source or `[object Object]` ends up in the model's text.
 * @param value - what was passed
 * @param method - the builder method, for the message
 * @returns the text
 * @throws TypeError for a value that is not text
 */
export function inlineText(value: unknown, method: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  throw new TypeError(
    `markdown: ${method}() takes text, got ${value === null ? 'null' : typeof value}` +
      (typeof value === 'function' ? "; to build a line from pieces, use b.line((l) => l.bold('a').text(' b'))" : ''),
  );
}
