// One step as one line, the form patches and repairs are written in:
//   <tool> {<args as JSON>} [after E1,E2] [check {<check as JSON>}] [# title]
// The postcondition the tool call implies (an edit's replacement present, a command's exit 0) is left
// out when written and filled in when read, as is a title; ids come from the patch line, not the step.
import { CheckSchema, type Check } from '../checks/checkSchema';
import { impliedPostcondition } from '../fused/impliedCheck';
import { canonicalJson } from '../executor/canonicalJson';
import type { Step } from '../plan/planSchema';
import type { StepLineParser } from '../plan/parsePatch';
import { shorten } from '../textPreview';
import { findTool } from '../tools/toolCatalog';

/** The check a call implies when its tool is known and its arguments fit the tool's schema. */
function impliedCheck(tool: string, args: Record<string, unknown>): Check | undefined {
  const parsed = findTool(tool)?.input.safeParse(args);
  return parsed?.success ? impliedPostcondition(tool, parsed.data as Record<string, unknown>) : undefined;
}

/** A title from the call: the tool and what it acts on. */
function defaultTitle(tool: string, args: Record<string, unknown>): string {
  const target = args.path ?? args.from ?? args.command ?? args.pattern ?? args.glob ?? args.instruction;
  return target === undefined ? tool : `${tool} ${shorten(String(target), 60)}`;
}

/** `step` as one line (no id): the implied postcondition and the derived title left out. */
export function encodeStepLine(step: Step): string {
  const parts = [step.tool, JSON.stringify(step.args)];
  if (step.dependsOn && step.dependsOn.length > 0) parts.push(`after ${step.dependsOn.join(',')}`);
  const implied = impliedCheck(step.tool, step.args);
  if (step.postcondition && (!implied || canonicalJson(implied) !== canonicalJson(step.postcondition))) parts.push(`check ${JSON.stringify(step.postcondition)}`);
  if (step.title !== defaultTitle(step.tool, step.args)) parts.push(`# ${step.title}`);
  return parts.join(' ');
}

/** The length of the JSON object that starts `text` (strings and nesting respected), or -1. */
function objectLength(text: string): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

/** Reads a JSON object at the start of `text`: the value and the rest, or a problem. */
function takeObject(text: string, what: string): { value: Record<string, unknown>; rest: string } | string {
  const trimmed = text.trimStart();
  const length = trimmed.startsWith('{') ? objectLength(trimmed) : -1;
  if (length < 0) return `expected ${what} as one JSON object`;
  try {
    return { value: JSON.parse(trimmed.slice(0, length)) as Record<string, unknown>, rest: trimmed.slice(length) };
  } catch (error) {
    return `${what} is not valid JSON (${(error as Error).message})`;
  }
}

/** Reads one step line as step `id`; the gate checks the tool and its arguments later. */
export const parseStepLine: StepLineParser = (text, id) => {
  const tool = /^\s*([A-Za-z][\w]*)/.exec(text);
  if (!tool) return { ok: false, problem: 'expected a tool name, then its arguments as one JSON object' };
  const args = takeObject(text.slice(tool[0].length), `the arguments of ${tool[1]}`);
  if (typeof args === 'string') return { ok: false, problem: args };
  let rest = args.rest.trim();
  let title: string | undefined;
  let dependsOn: string[] | undefined;
  let postcondition: Check | undefined;
  while (rest.length > 0) {
    const after = /^after\s+((?:#?[A-Za-z][\w-]*\s*,\s*)*#?[A-Za-z][\w-]*)/.exec(rest);
    if (rest.startsWith('#')) {
      title = rest.slice(1).trim() || undefined;
      rest = '';
    } else if (after) {
      dependsOn = after[1]!.split(',').map((entry) => entry.trim().replace(/^#/, ''));
      rest = rest.slice(after[0].length).trim();
    } else if (rest.startsWith('check')) {
      const check = takeObject(rest.slice('check'.length), 'the check');
      if (typeof check === 'string') return { ok: false, problem: check };
      const parsed = CheckSchema.safeParse(check.value);
      if (!parsed.success) return { ok: false, problem: `the check is not a valid check: ${parsed.error.issues[0]?.message ?? 'invalid'}` };
      postcondition = parsed.data;
      rest = check.rest.trim();
    } else {
      return { ok: false, problem: `expected "after E1,E2", "check {…}" or "# title" after the arguments, got ${JSON.stringify(shorten(rest, 40))}` };
    }
  }
  const name = tool[1]!;
  const implied = postcondition ?? impliedCheck(name, args.value);
  return {
    ok: true,
    step: {
      id,
      title: title ?? defaultTitle(name, args.value),
      tool: name,
      args: args.value,
      ...(dependsOn ? { dependsOn } : {}),
      ...(implied ? { postcondition: implied } : {}),
    },
  };
};
