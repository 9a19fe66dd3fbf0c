/**
 * The variable names of an RFC 6570 URI template, in order, each once: `'notes://{id}{?lang,page}'`
 * has `id`, `lang` and `page` (operators, `:n` prefixes and `*` explode modifiers left out).
 * @param template - the URI template
 * @returns the variable names (none for a plain URI)
 */
export function uriTemplateVariables(template: string): string[] {
  const names: string[] = [];
  for (const [, body] of template.matchAll(/\{[+#./;?&]?([^}]*)\}/g)) {
    for (const spec of body.split(',')) {
      const name = spec.trim().replace(/(:\d+|\*)$/, '');
      if (name.length > 0 && !names.includes(name)) names.push(name);
    }
  }
  return names;
}
