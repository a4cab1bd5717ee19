// package.json as VS Code shows it in English: each `%key%` placeholder replaced by its text in
// package.nls.json, so tests about titles and descriptions read the words, not the keys.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

/** The English manifest; a placeholder without a text is left as it is (the l10n test reports it). */
export function localizedManifest(): unknown {
  const nls = JSON.parse(readFileSync(path.join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;
  return JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'), (_key, value: unknown) => {
    const match = typeof value === 'string' ? /^%([^%]+)%$/.exec(value) : null;
    return match && Object.hasOwn(nls, match[1]) ? nls[match[1]] : value;
  });
}
