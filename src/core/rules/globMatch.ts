// A small glob matcher for the `applyTo` patterns of `.github/instructions/*.instructions.md`: `**` spans
// folders, `*` and `?` stay within one, `{a,b}` picks one of several. Pure, so the rules loader can decide
// which instructions apply without asking the file system.

/** Escapes a literal for a regular expression. */
function escape(text: string): string {
  return text.replace(/[.+^$()|[\]\\]/g, '\\$&');
}

/** The regular expression source of one glob (no anchors). */
function globSource(glob: string): string {
  let source = '';
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index]!;
    if (char === '*' && glob[index + 1] === '*') {
      const slash = glob[index + 2] === '/';
      source += slash ? '(?:.*/)?' : '.*';
      index += slash ? 2 : 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else if (char === '{') {
      const end = glob.indexOf('}', index);
      if (end < 0) source += '\\{';
      else {
        source += `(?:${glob.slice(index + 1, end).split(',').map(globSource).join('|')})`;
        index = end;
      }
    } else source += escape(char);
  }
  return source;
}

/** Whether the workspace-relative `path` matches `glob` (a leading `./` or `/` in the glob is ignored). */
export function globMatches(glob: string, path: string): boolean {
  const pattern = glob.trim().replace(/^\.?\//, '');
  if (pattern.length === 0) return false;
  return new RegExp(`^${globSource(pattern)}$`).test(path);
}
