// The text form of a patch, one operation per line:
//   replace E4 <step>        put <step> in place of E4 (it keeps the id E4)
//   add E7 [after E5] <step> a new step E7, after E5 (or at the end)
//   drop E6                  remove E6
// `<step>` is one step line, read by the step-line parser handed in. Parsing is tolerant line by line:
// blank lines and code fences are ignored, and each malformed line is one problem naming its line. A
// patch of more operations than a plan may have steps ends there with one problem, unread past it.
import { PLAN_LIMITS } from '../planLimits';
import type { PatchOp, PlanPatch } from './planPatch';
import type { Step } from './planSchema';
import { STEP_ID_PATTERN } from './planSchema';

/** Reads one step line as the step `id`: the step, or one line saying what is wrong with it. */
export type StepLineParser = (text: string, id: string) => { readonly ok: true; readonly step: Step } | { readonly ok: false; readonly problem: string };

/** A parsed patch, or one problem per malformed line. */
export type PatchParse = { readonly ok: true; readonly patch: PlanPatch } | { readonly ok: false; readonly problems: readonly string[] };

const ID = STEP_ID_PATTERN.source.slice(1, -1);
const REPLACE = new RegExp(`^replace\\s+(${ID})\\s+(.+)$`);
const ADD = new RegExp(`^add\\s+(${ID})(?:\\s+after\\s+(${ID}))?\\s+(.+)$`);
const DROP = new RegExp(`^drop\\s+(${ID})\\s*$`);

/** One line of a patch read on its own: its operation, the problem with it, or nothing for a blank line or a code fence. */
export type PatchLineRead = { readonly op: PatchOp } | { readonly problem: string } | undefined;

/** Reads the patch line `text`; `where` ("line 3") starts any problem. */
export function readPatchLine(text: string, where: string, parseStep: StepLineParser): PatchLineRead {
  const line = text.trim();
  if (line.length === 0 || line.startsWith('```')) return undefined;
  const step = (body: string, id: string): { readonly step: Step } | { readonly problem: string } => {
    const parsed = parseStep(body, id);
    return parsed.ok ? { step: parsed.step } : { problem: `${where} (${id}): ${parsed.problem}` };
  };
  let match: RegExpExecArray | null;
  if ((match = DROP.exec(line))) return { op: { op: 'drop', id: match[1]! } };
  if ((match = REPLACE.exec(line))) {
    const parsed = step(match[2]!, match[1]!);
    return 'step' in parsed ? { op: { op: 'replace', id: match[1]!, step: parsed.step } } : parsed;
  }
  if ((match = ADD.exec(line))) {
    const parsed = step(match[3]!, match[1]!);
    return 'step' in parsed ? { op: { op: 'add', step: parsed.step, ...(match[2] ? { after: match[2] } : {}) } } : parsed;
  }
  return { problem: `${where}: expected "replace <id> <step>", "add <id> [after <id>] <step>" or "drop <id>", got ${JSON.stringify(line.slice(0, 80))}` };
}

/** The patch in `text`; a reply with no operation at all is a problem too. */
export function parsePatch(text: string, parseStep: StepLineParser): PatchParse {
  const ops: PatchOp[] = [];
  const problems: string[] = [];
  const lines = text.split(/\r?\n/);
  let operations = 0;
  for (let index = 0; index < lines.length; index++) {
    const where = `line ${index + 1}`;
    const read = readPatchLine(lines[index]!, where, parseStep);
    if (!read) continue;
    if (++operations > PLAN_LIMITS.steps) {
      problems.push(tooManyOperations(where));
      break;
    }
    if ('op' in read) ops.push(read.op);
    else problems.push(read.problem);
  }
  if (problems.length > 0) return { ok: false, problems };
  if (ops.length === 0) return { ok: false, problems: [NO_PATCH_LINE] };
  return { ok: true, patch: ops };
}

/** The problem of a reply with no operation at all. */
export const NO_PATCH_LINE = 'the reply holds no patch line; answer with at least one replace, add or drop line';

/** The problem of the operation at `where`, one past the most a plan may have. */
export function tooManyOperations(where: string): string {
  return `${where}: the patch holds more operations than the ${PLAN_LIMITS.steps} steps a plan may have; the lines from here on were not read`;
}
