// A check in readable words (`src/cli.ts contains "--verbose"`), for the Markdown rendering, tree
// tooltips and run reports.
import type { Check } from '../checks/checkSchema';

const QUOTED_MAX = 60;

/** One line of plain text saying what `check` requires. */
export function describeCheck(check: Check): string {
  switch (check.kind) {
    case 'fileExists':
      return `${check.path} exists`;
    case 'fileAbsent':
      return `${check.path} does not exist`;
    case 'fileContains':
      return `${check.path} contains ${quote(check.text)}`;
    case 'fileMatches':
      return `${check.path} matches /${shorten(check.pattern)}/`;
    case 'jsonValid':
      return `${check.path} is valid JSON`;
    case 'commandSucceeds':
      return `${quote(check.command)} succeeds${check.cwd ? ` in ${check.cwd}` : ''}`;
    case 'exitCode':
      return `exit code is ${check.equals}`;
    case 'outputContains':
      return `output contains ${quote(check.text)}`;
    case 'mcpResult': {
      const of = check.tool ? `${check.tool}'s result` : 'the result';
      const parts = [
        ...(check.text !== undefined ? [`${of} contains ${quote(check.text)}`] : []),
        ...(check.path !== undefined ? ['equals' in check ? `${check.path} of ${of} is ${shorten(JSON.stringify(check.equals))}` : `${of} has ${check.path}`] : []),
      ];
      return parts.join(' and ');
    }
    case 'all':
      return check.checks.map(nested).join(' and ');
    case 'any':
      return check.checks.map(nested).join(' or ');
    case 'not':
      return `not (${describeCheck(check.check)})`;
  }
}

/** A combinator inside another gets parentheses so "and"/"or" read unambiguously. */
function nested(check: Check): string {
  const text = describeCheck(check);
  return (check.kind === 'all' || check.kind === 'any') && check.checks.length > 1 ? `(${text})` : text;
}

function quote(text: string): string {
  return JSON.stringify(shorten(text));
}

function shorten(text: string): string {
  return text.length > QUOTED_MAX ? `${text.slice(0, QUOTED_MAX - 1)}…` : text;
}
