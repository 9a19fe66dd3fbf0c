import { inlineCode, inlineText, MarkdownLine } from './markdown-line.js';

/** What a line is made of: text, or a function that adds inline pieces to a {@link MarkdownLine}. */
export type MarkdownLineContent = string | ((line: MarkdownLine) => unknown);

/** Builds Markdown text line by line; used inside `markdown(b => ...)`. */
export class MarkdownBuilder {
  private readonly lines: string[] = [];

  /**
   * Adds a line: text, or inline pieces as in Koog (`l => l.bold('Successfully').text(' edited file')`).
   * @param content - the text, or a function that builds the line (nothing: an empty line)
   * @returns this builder
   * @throws TypeError for anything that is not text or a function
   */
  line(content: MarkdownLineContent = ''): this {
    this.lines.push(lineText(content, 'line'));
    return this;
  }

  /** @returns this builder, with an empty line added */
  blank(): this {
    return this.line('');
  }

  /**
   * Adds a heading.
   * @param content - its text, or a function that builds it
   * @param level - 1 to 6 (default 1)
   * @returns this builder
   */
  heading(content: MarkdownLineContent, level = 1): this {
    return this.line(`${'#'.repeat(Math.min(Math.max(Math.trunc(level) || 1, 1), 6))} ${lineText(content, 'heading')}`);
  }

  /**
   * Adds a level-1 heading (`# text`), as Koog's `h1(...)`.
   * @param content - its text, or a function that builds it
   * @returns this builder
   */
  h1(content: MarkdownLineContent): this {
    return this.heading(content, 1);
  }

  /**
   * Adds a level-2 heading (`## text`), as Koog's `h2(...)`.
   * @param content - its text, or a function that builds it
   * @returns this builder
   */
  h2(content: MarkdownLineContent): this {
    return this.heading(content, 2);
  }

  /**
   * Adds a level-3 heading (`### text`), as Koog's `h3(...)`.
   * @param content - its text, or a function that builds it
   * @returns this builder
   */
  h3(content: MarkdownLineContent): this {
    return this.heading(content, 3);
  }

  /**
   * Adds a level-4 heading (`#### text`), as Koog's `h4(...)`.
   * @param content - its text, or a function that builds it
   * @returns this builder
   */
  h4(content: MarkdownLineContent): this {
    return this.heading(content, 4);
  }

  /**
   * Adds a level-5 heading (`##### text`), as Koog's `h5(...)`.
   * @param content - its text, or a function that builds it
   * @returns this builder
   */
  h5(content: MarkdownLineContent): this {
    return this.heading(content, 5);
  }

  /**
   * Adds a level-6 heading (`###### text`), as Koog's `h6(...)`.
   * @param content - its text, or a function that builds it
   * @returns this builder
   */
  h6(content: MarkdownLineContent): this {
    return this.heading(content, 6);
  }

  /**
   * Adds a bulleted list, one item per line.
   * @param items - each item's text, or a function that builds it
   * @returns this builder
   */
  bulleted(items: Iterable<MarkdownLineContent>): this {
    for (const item of items) this.line(`- ${lineText(item, 'bulleted')}`);
    return this;
  }

  /**
   * Adds a numbered list.
   * @param items - each item's text, or a function that builds it
   * @returns this builder
   */
  numbered(items: Iterable<MarkdownLineContent>): this {
    let index = 1;
    for (const item of items) this.line(`${index++}. ${lineText(item, 'numbered')}`);
    return this;
  }

  /**
   * Adds a fenced code block, fenced with more backticks than any run inside it.
   * @param code - the code
   * @param language - its language, for highlighting
   * @returns this builder
   */
  codeBlock(code: string, language = ''): this {
    const text = inlineText(code, 'codeBlock');
    const longestRun = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
    const fence = '`'.repeat(longestRun + 1);
    return this.line(`${fence}${language}`).line(text).line(fence);
  }

  /**
   * @param text - the text
   * @returns `**text**`, to use inside a line's text
   */
  bold(text: string): string {
    return `**${inlineText(text, 'bold')}**`;
  }

  /**
   * @param text - the text
   * @returns `*text*`, to use inside a line's text
   */
  italic(text: string): string {
    return `*${inlineText(text, 'italic')}*`;
  }

  /**
   * @param text - the code
   * @returns inline code, fenced with enough backticks
   */
  code(text: string): string {
    return inlineCode(inlineText(text, 'code'));
  }

  /** @returns the Markdown text */
  build(): string {
    return this.lines.join('\n');
  }
}

/**
 * The text of a line: a string as it is, or what a function adds to a fresh {@link MarkdownLine}
 * (or the string it returns, when it adds nothing). A function is never turned into its source.
 * @param content - the line's content
 * @param method - the builder method, for the message
 * @returns the line's Markdown
 * @throws TypeError for anything that is not text or a function
 */
function lineText(content: unknown, method: string): string {
  if (typeof content !== 'function') return inlineText(content, method);
  const line = new MarkdownLine();
  const returned: unknown = (content as (line: MarkdownLine) => unknown)(line);
  const text = line.toString();
  return text === '' && typeof returned === 'string' ? returned : text;
}

/**
 * Builds Markdown text, e.g. for `textForLLM()`.
 * @param build - adds lines to the builder
 * @returns the Markdown
 * @throws TypeError when `build` is not a function
 * @example
 * markdown((b) => b.heading('Edited file', 2).line((l) => l.bold('Successfully').text(' edited ').code(path)).bulleted(changes));
 */
export function markdown(build: (builder: MarkdownBuilder) => unknown): string {
  if (typeof build !== 'function')
    throw new TypeError(`markdown() takes a function of the builder, e.g. markdown((b) => b.line('text')), got ${typeof build}`);
  const builder = new MarkdownBuilder();
  build(builder);
  return builder.build();
}
