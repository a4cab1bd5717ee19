// The parts of a Markdown document the documentation tests check: fenced blocks, inline code, relative links
// and the anchors its headings make (as GitHub and the Marketplace make them), and shell command lines split
// into words the way a POSIX shell splits them (quotes, comments, `&&`).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

/** The repository's root, from `out/test/unit/docs/`. */
export const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

/** A file of the repository, as text. */
export function repoText(file: string): string {
  return readFileSync(path.join(ROOT, file), 'utf8');
}

/** A fenced code block: its language tag, its text and the line it starts on. */
export interface FencedBlock {
  readonly lang: string;
  readonly body: string;
  readonly line: number;
}

const FENCE = /^( *)```(\w*)\n([\s\S]*?)^\1```$/gm;

/** Every fenced block, indented ones (inside a list item) included, with the indentation taken off. */
export function fencedBlocks(markdown: string): FencedBlock[] {
  return [...markdown.matchAll(FENCE)].map((match) => ({
    lang: match[2]!,
    body: match[3]!.split('\n').map((line) => line.slice(match[1]!.length)).join('\n'),
    line: markdown.slice(0, match.index).split('\n').length,
  }));
}

/** The prose: the document without its fenced blocks. */
function prose(markdown: string): string {
  return markdown.replace(FENCE, '');
}

/** Every inline code span of the prose, as written between its backticks. */
export function inlineCode(markdown: string): string[] {
  return [...prose(markdown).matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);
}

/** Every link target of the prose that is not a web address: `docs/x.md#anchor`, `#anchor`, `media/a.png`. */
export function relativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z]+:/.test(target));
}

/** The anchors the headings of `markdown` make: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6} +(.+)$/gm)) {
    anchors.add(heading!.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/ /g, '-'));
  }
  return anchors;
}

/** One command of a shell block: its words and the comment after it (`# exit 3: …`), if any. */
export interface ShellCommand {
  readonly words: string[];
  readonly comment: string;
}

/** The commands of a shell block, a line joined by `&&` giving one command per part. */
export function shellCommands(block: string): ShellCommand[] {
  const commands: ShellCommand[] = [];
  for (const line of block.split('\n')) {
    const { words, comment } = splitWords(line);
    let current: string[] = [];
    for (const word of [...words, '&&']) {
      if (word !== '&&') current.push(word);
      else if (current.length > 0) {
        commands.push({ words: current, comment });
        current = [];
      }
    }
  }
  return commands;
}

/** A line split into words, quotes taken off, and the comment that ends it. */
function splitWords(line: string): { words: string[]; comment: string } {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!;
    if (quote) {
      if (char === quote) quote = undefined;
      else word += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      word ??= '';
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (char === '#' && word === undefined) {
      return { words, comment: line.slice(index + 1).trim() };
    } else word = (word ?? '') + char;
  }
  if (word !== undefined) words.push(word);
  return { words, comment: '' };
}
