// The TypeScript snippets of a README section, as the files the text around them names.
const { readFileSync } = require('node:fs');

/**
 * Reads the ```ts blocks of one section of a Markdown file; each block is named by the first
 * `name.ts` in backticks of the paragraph before it.
 * @param {string} file - the Markdown file
 * @param {string} heading - the section's heading line, e.g. '## A tool in thirty seconds'
 * @returns {{ name: string, source: string }[]}
 * @throws Error when the section is missing or a block has no file name before it
 */
function readmeSnippets(file, heading) {
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`${file} has no section '${heading}'.`);
  const next = text.indexOf('\n## ', start + heading.length + 1);
  const section = text.slice(start, next < 0 ? undefined : next);
  const snippets = [];
  const block = /```ts\n([\s\S]*?)```/g;
  let last = 0;
  for (let match = block.exec(section); match !== null; match = block.exec(section)) {
    const before = section.slice(last, match.index);
    const name = /`([\w-]+\.ts)`/.exec(before);
    if (name === null) throw new Error(`A snippet of '${heading}' in ${file} is not named: say "in \`name.ts\`" before it.`);
    snippets.push({ name: name[1], source: match[1] });
    last = match.index + match[0].length;
  }
  return snippets;
}

module.exports = { readmeSnippets };
