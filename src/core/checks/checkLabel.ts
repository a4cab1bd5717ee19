// The label of a check in its own terms (kind and arguments), the start of every result's detail.
import { quote } from '../text/quote';
import type { Check } from './checkSchema';

/** E.g. `fileContains src/cli.ts "--verbose"` or `all of 3 checks`. */
export function checkLabel(check: Check): string {
  switch (check.kind) {
    case 'fileExists':
    case 'fileAbsent':
    case 'jsonValid':
      return `${check.kind} ${check.path}`;
    case 'fileContains':
      return `fileContains ${check.path} ${quote(check.text)}`;
    case 'fileMatches':
      return `fileMatches ${check.path} /${check.pattern}/m`;
    case 'commandSucceeds':
      return `commandSucceeds ${quote(check.command)}${check.cwd ? ` in ${check.cwd}` : ''}`;
    case 'exitCode':
      return `exitCode ${check.equals}`;
    case 'outputContains':
      return `outputContains ${quote(check.text)}`;
    case 'mcpResult':
      return `mcpResult${check.tool ? ` of ${check.tool}` : ''}${check.text !== undefined ? ` ${quote(check.text)}` : ''}${check.path !== undefined ? ` ${check.path}${'equals' in check ? ` = ${JSON.stringify(check.equals)}` : ''}` : ''}`;
    case 'all':
      return `all of ${check.checks.length} checks`;
    case 'any':
      return `any of ${check.checks.length} checks`;
    case 'not':
      return `not (${checkLabel(check.check)})`;
  }
}
