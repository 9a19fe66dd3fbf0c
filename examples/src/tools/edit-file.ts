import 'reflect-metadata';
import { readFile, writeFile } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { IsOptional, IsString, MinLength } from 'class-validator';
import { LLMDescription, markdown, Tool, type ToolResult } from '@toolcraft/core';

/** The arguments of edit_file. */
export class EditFileArgs {
  @LLMDescription('The file to edit, relative to the workspace root')
  @IsString()
  @MinLength(1)
  path!: string;

  @LLMDescription('The exact text to replace; it must occur exactly once in the file')
  @IsString()
  @MinLength(1)
  original!: string;

  @LLMDescription('The new text')
  @IsString()
  replacement!: string;

  @LLMDescription('Why the edit is made (shown in the result)')
  @IsOptional()
  @IsString()
  reason?: string;
}

/** What edit_file did; the model sees it as Markdown. */
export class EditFileResult implements ToolResult.TextSerializable {
  constructor(
    readonly path: string,
    readonly original: string,
    readonly replacement: string,
    readonly line: number,
    readonly reason?: string,
  ) {}

  /** A Markdown report of the edit. */
  textForLLM(): string {
    return markdown((b) => {
      b.heading(`Edited ${b.code(this.path)}`, 2).line(`${b.bold('Line')}: ${this.line}`);
      if (this.reason) b.line(`${b.bold('Reason')}: ${b.italic(this.reason)}`);
      b.blank().line('Replaced:').codeBlock(this.original).line('With:').codeBlock(this.replacement);
    });
  }
}

/** Edits one file under a workspace root by replacing a unique piece of text. */
export class EditFileTool extends Tool<EditFileArgs, EditFileResult> {
  /** @param root - the workspace folder; edits outside it are refused */
  constructor(private readonly root: string) {
    super({ argsType: EditFileArgs, name: 'edit_file', description: 'Replaces a unique piece of text in a file of the workspace.' });
  }

  /** Replaces the text, or throws an error the model can act on. */
  async execute(args: EditFileArgs): Promise<EditFileResult> {
    const target = resolve(this.root, args.path);
    const inside = relative(this.root, target);
    if (inside.startsWith('..') || isAbsolute(inside))
      throw new Error(`'${args.path}' is outside the workspace; give a path relative to it.`);
    const text = await readFile(target, 'utf8').catch(() => {
      throw new Error(`'${args.path}' does not exist in the workspace.`);
    });
    const first = text.indexOf(args.original);
    if (first === -1) throw new Error(`the original text was not found in '${args.path}'; read the file and copy the text exactly.`);
    if (text.indexOf(args.original, first + 1) !== -1)
      throw new Error(`the original text occurs more than once in '${args.path}'; include more context to make it unique.`);
    await writeFile(target, text.slice(0, first) + args.replacement + text.slice(first + args.original.length));
    const line = text.slice(0, first).split('\n').length;
    return new EditFileResult(args.path, args.original, args.replacement, line, args.reason);
  }
}
