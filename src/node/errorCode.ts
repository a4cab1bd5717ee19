// The `code` of a Node system error (`ENOENT`, `EISDIR`, ...), read without assuming what was thrown.

/** The `code` of a Node system error, or `undefined`. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
