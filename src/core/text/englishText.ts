// The `Localize` port in English: the message as written, its `{0}`, `{1}` … placeholders filled as VS Code's
// `l10n.t` fills them when no translation is loaded. For the CLI (whose words stay English) and tests.
import type { Localize } from '../ports';

/** `{n}`, as VS Code reads a placeholder; one it has no argument for stays as written. */
const PLACEHOLDER = /\{(\d+)\}/g;

/** Every message in English, its placeholders filled in one pass (an argument's own braces stay as they are). */
export const englishText: Localize = {
  t(message, ...args) {
    return message.replace(PLACEHOLDER, (placeholder, index: string) => {
      const value = args[Number(index)];
      return value === undefined ? placeholder : String(value);
    });
  },
};
