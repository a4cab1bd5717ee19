// mcpResult: judges an MCP call's result: its text contains a string, and/or the value at a JSON path of
// its structured content (or of its text, when that is JSON) equals a value or exists. Without `tool` it
// judges the step's own call; with `tool` it reads what that read-only tool of the same server reports
// through the context's StatusReader port, which is how a status check asks a server whether an uncertain
// call took effect. The check runs no tool itself.
import { canonicalJson } from '../text/canonicalJson';
import { shorten } from '../text/shorten';
import type { CheckResult } from './checkSchema';
import type { CheckContext, CheckEvaluation, CheckOf, StepCommandResult } from './checkContext';
import { checkLabel } from './checkLabel';

/** The segments of `$.a.b[0]`: names and indexes. */
function pathSegments(path: string): (string | number)[] {
  return [...path.slice(1).matchAll(/\.([^.[\]]+)|\[(\d+)\]/g)].map((match) => (match[2] !== undefined ? Number(match[2]) : (match[1] ?? '')));
}

/** The value at `path` in `root`, or `undefined`. */
export function valueAtJsonPath(root: unknown, path: string): unknown {
  let value = root;
  for (const segment of pathSegments(path)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[segment];
  }
  return value;
}

function structuredOf(result: StepCommandResult): unknown {
  if (result.structured !== undefined) return result.structured;
  try {
    return JSON.parse(result.output);
  } catch {
    return undefined;
  }
}

/** The result to judge: the step's own, or that of the read-only tool the check names. */
async function resultToJudge(check: CheckOf<'mcpResult'>, context: CheckContext): Promise<StepCommandResult | string> {
  if (check.tool === undefined) return context.stepResult ?? 'the step returned no result to check';
  if (!context.status) return `no tool may be called here to read ${check.tool}`;
  const read = await context.status.read(check.tool, check.args ?? {}, context.signal);
  return typeof read === 'string' ? read : { exitCode: null, ...read };
}

/** Evaluates an `mcpResult` check. */
export async function mcpResult(check: CheckOf<'mcpResult'>, context: CheckContext): Promise<CheckEvaluation> {
  const label = checkLabel(check);
  const result = await resultToJudge(check, context);
  if (typeof result === 'string') return { ok: false, unevaluable: true, detail: `${label}: ${result}` };
  const verdicts: CheckResult[] = [];
  if (check.text !== undefined) {
    const found = result.output.includes(check.text);
    verdicts.push({ ok: found, detail: found ? 'text found' : `text not found in ${result.output.length} characters` });
  }
  if (check.path !== undefined) {
    const value = valueAtJsonPath(structuredOf(result), check.path);
    const ok = 'equals' in check ? value !== undefined && canonicalJson(value) === canonicalJson(check.equals) : value !== undefined && value !== null;
    verdicts.push({ ok, detail: `${check.path} is ${value === undefined ? 'absent' : shorten(JSON.stringify(value), 120)}` });
  }
  return { ok: verdicts.every((verdict) => verdict.ok), detail: `${label}: ${verdicts.map((verdict) => verdict.detail).join('; ')}` };
}
