// Errors as text: the message of anything thrown, and why a regular expression does not compile.
import { shorten } from './shorten';

/** The message of anything thrown. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Why a regular expression does not compile, without the pattern V8 echoes into its message. */
export function regexSyntaxReason(error: unknown): string {
  const message = messageOf(error);
  const cut = message.lastIndexOf(': ');
  return message.startsWith('Invalid regular expression: /') && cut >= 0 ? message.slice(cut + 2) : shorten(message, 200);
}
