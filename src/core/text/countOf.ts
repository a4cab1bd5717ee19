// A count with its noun in English, singular for one: "1 step", "3 steps". For words a person or a model
// reads in English (the CLI, MCP and tool results); the editor's own words go through l10n.

/** `count` and `noun`, the noun plural unless the count is one. */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}
