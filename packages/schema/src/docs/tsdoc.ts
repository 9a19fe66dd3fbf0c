import { ts } from '../typescript.js';

/**
 * The summary of a declaration's own TSDoc comment: its text before the first block tag.
 * @param node - a class, method, property or parameter
 * @returns the trimmed text, or undefined when there is none
 */
export function documentationSummary(node: ts.Node): string | undefined {
  const comments = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  const own = comments.filter((comment) => comment.parent === node);
  const last = own[own.length - 1];
  return clean(last === undefined ? undefined : ts.getTextOfJSDocComment(last.comment));
}

/**
 * The text of the `@param` tag that documents a parameter in its method's TSDoc
 * (`@param name - text` or `@param name text`).
 * @param parameter - the parameter
 * @returns the text without the leading hyphen, or undefined
 */
export function parameterTagText(parameter: ts.ParameterDeclaration): string | undefined {
  for (const tag of ts.getJSDocParameterTags(parameter)) {
    const text = clean(ts.getTextOfJSDocComment(tag.comment));
    if (text !== undefined) return text.replace(/^-\s*/, '');
  }
  return undefined;
}

/**
 * The block tags of a declaration's own TSDoc comment (not its method's `@param` tags).
 * @param node - a parameter, property or class
 * @returns tag name and text pairs, in source order
 */
export function ownTags(node: ts.Node): Array<{ name: string; text: string }> {
  return ts
    .getJSDocCommentsAndTags(node)
    .filter((comment): comment is ts.JSDoc => ts.isJSDoc(comment) && comment.parent === node)
    .flatMap((comment) => comment.tags ?? [])
    .map((tag) => ({ name: tag.tagName.text, text: ts.getTextOfJSDocComment(tag.comment)?.trim() ?? '' }));
}

function clean(text: string | undefined): string | undefined {
  const trimmed = text?.replace(/\r\n/g, '\n').trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}
