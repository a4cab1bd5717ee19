// Which endpoint an API key belongs to. Keys are stored per endpoint, so that a key entered for one
// server is never sent to another, even if planwright.baseUrl is changed to point elsewhere.

/**
 * The endpoint `baseUrl` names, as the key a secret is stored under: scheme, host, port (when not the
 * default) and path, lower-case where URLs are case-insensitive, without credentials, query, fragment or
 * trailing slashes. `undefined` when `baseUrl` is not an http(s) URL.
 */
export function apiKeyScope(baseUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}
