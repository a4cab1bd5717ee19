// Plain text made safe for Markdown (tree tooltips, the approval detail): escaped inline text and fenced
// code blocks whose fence is longer than any run of backticks inside.

/** Characters that mean something anywhere in a line (`$` because tooltips render `$(icon)`). */
const MARKDOWN_SPECIAL = /[\\`*_{}[\]<>|~#$]/g;
/** What starts a list item, a heading or a quote at the start of a line. */
const LINE_START = /^(\s*)([-+=>]|\d+[.)])/gm;

/** `text` with every character Markdown (or a theme icon) would interpret escaped. */
export function escapeMarkdown(text: string): string {
  return text.replace(MARKDOWN_SPECIAL, (char) => `\\${char}`).replace(LINE_START, (_match, space: string, mark: string) => `${space}\\${mark}`);
}

/** `text` in a fenced code block (language `language`), fenced so nothing inside can close it. */
export function codeBlock(text: string, language = ''): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${text}\n${fence}`;
}

/** `text` as inline code, with a delimiter longer than any backtick run inside. */
export function inlineCode(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const tick = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${tick}${pad}${text}${pad}${tick}`;
}
