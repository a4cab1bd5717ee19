// Whether a shell command line does more than run one program: the approval policy never lets an
// allow-list entry cover such a line, and the views never offer to always allow it.

/** Shell syntax that chains, pipes, redirects or substitutes. */
const COMPOUND_SHELL = /;|&|\||>|<|`|\$\(|\r|\n/;

/** True when `command` chains, pipes, redirects or substitutes, so an allow-list entry cannot cover it. */
export function isCompoundCommand(command: string): boolean {
  return COMPOUND_SHELL.test(command);
}
