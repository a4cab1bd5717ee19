// The text form of a patch, one operation per line:
//   replace E4 <step>        put <step> in place of E4 (it keeps the id E4)
//   add E7 [after E5] <step> a new step E7, after E5 (or at the end)
//   drop E6                  remove E6
// `<step>` is one step line, read by the step-line parser handed in; an `add` line whose step stands for
// several (`each`) adds them all, numbered on from its id. Parsing is tolerant line by line:
// blank lines and code fences are ignored, a list marker (`1.`, `-`) before a line is dropped, prose a
// model writes before its first line or after its last (`Here is the patch:`, `<patch>`, an explanation)
// is skipped, and each malformed line is one problem naming its line. A patch of more operations than a
// plan may have steps ends there with one problem, unread past it.
import { PLAN_LIMITS } from '../planLimits';
import type { PatchOp, PlanPatch } from './planPatch';
import type { Step } from './planSchema';
import { STEP_ID_PATTERN } from './planSchema';

/** Reads one step line as the step `id` (and the ids after it, for a line with `each`): its steps, or one line saying what is wrong. */
export type StepLineParser = (text: string, id: string) => { readonly ok: true; readonly steps: readonly Step[] } | { readonly ok: false; readonly problem: string };

/** A parsed patch, or one problem per malformed line. */
export type PatchParse = { readonly ok: true; readonly patch: PlanPatch } | { readonly ok: false; readonly problems: readonly string[] };

const ID = STEP_ID_PATTERN.source.slice(1, -1);
const REPLACE = new RegExp(`^replace\\s+(${ID})\\s+(.+)$`);
const ADD = new RegExp(`^add\\s+(${ID})(?:\\s+after\\s+(${ID}))?\\s+(.+)$`);
const DROP = new RegExp(`^drop\\s+(${ID})\\s*$`);

/** A list marker a model puts before a line: `1. `, `2) `, `- `, `* `. */
export const LIST_MARKER = /^(?:\d{1,3}[.)]|[-*])\s+/;
/** A line of a plan rather than a patch: `E2 runCommand {…}`, `E2: …`. */
const PLAN_LINE = new RegExp(`^(${ID}):?\\s+[A-Za-z_][\\w.-]*\\s*\\{`);

/**
 * One line of a patch read on its own: its operations (several for an `add` with `each`), the problem with
 * it (`prose` when it reads as words around the patch: no JSON, not led by a word and a step id), or
 * nothing for a blank line or a code fence.
 */
export type PatchLineRead = { readonly ops: readonly PatchOp[] } | { readonly problem: string; readonly prose?: true } | undefined;

/** A word and then an id with a digit in it: an operation gone wrong (`dorp E2`), not a sentence. */
const ATTEMPTED_OPERATION = /^\S+\s+[A-Za-z][A-Za-z_-]*\d[\w-]*(?:\s|$)/;

/** Whether `line` reads as prose around a patch rather than a patch line gone wrong. */
function isProse(line: string): boolean {
  return !line.includes('{') && !ATTEMPTED_OPERATION.test(line);
}

/** Reads the patch line `text`; `where` ("line 3") starts any problem. */
export function readPatchLine(text: string, where: string, parseStep: StepLineParser): PatchLineRead {
  const line = text.trim().replace(LIST_MARKER, '');
  if (line.length === 0 || line.startsWith('```') || line.startsWith('~~~')) return undefined;
  const steps = (body: string, id: string): { readonly steps: readonly Step[] } | { readonly problem: string } => {
    const parsed = parseStep(body, id);
    return parsed.ok ? { steps: parsed.steps } : { problem: `${where} (${id}): ${parsed.problem}` };
  };
  let match: RegExpExecArray | null;
  if ((match = DROP.exec(line))) return { ops: [{ op: 'drop', id: match[1]! }] };
  if ((match = REPLACE.exec(line))) {
    const id = match[1]!;
    const parsed = steps(match[2]!, id);
    if (!('steps' in parsed)) return parsed;
    if (parsed.steps.length !== 1) return { problem: `${where} (${id}): replace puts one step in place of ${id}, but the line stands for ${parsed.steps.length} ("each"); replace with one, and add the others` };
    return { ops: [{ op: 'replace', id, step: parsed.steps[0]! }] };
  }
  if ((match = ADD.exec(line))) {
    const after = match[2];
    const parsed = steps(match[3]!, match[1]!);
    return 'steps' in parsed ? { ops: parsed.steps.map((step): PatchOp => ({ op: 'add', step, ...(after ? { after } : {}) })) } : parsed;
  }
  const expected = `${where}: expected "replace <id> <step>", "add <id> [after <id>] <step>" or "drop <id>", got ${JSON.stringify(line.slice(0, 80))}`;
  if ((match = PLAN_LINE.exec(line))) return { problem: `${expected}: that is a plan line; to change ${match[1]} write "replace ${match[1]} <step>", and give a new step a new id with "add"` };
  return isProse(line) ? { problem: expected, prose: true } : { problem: expected };
}

/**
 * Prose around a patch: skipped before the first operation; after one, held until another line shows it
 * was inside the patch (then each is a problem) or the reply ends (then it was a closing explanation).
 */
export class ProseAroundPatch {
  private started = false;
  private held: string[] = [];

  /** The problems `read` settles now: held prose inside the patch, and `read`'s own problem unless it is prose. */
  take(read: Exclude<PatchLineRead, undefined>): string[] {
    if ('problem' in read && read.prose) {
      if (this.started) this.held.push(read.problem);
      return [];
    }
    this.started = true;
    const settled = this.held;
    this.held = [];
    return 'problem' in read ? [...settled, read.problem] : settled;
  }
}

/** The patch in `text`; a reply with no operation at all is a problem too. */
export function parsePatch(text: string, parseStep: StepLineParser): PatchParse {
  const ops: PatchOp[] = [];
  const problems: string[] = [];
  const lines = text.split(/\r?\n/);
  const prose = new ProseAroundPatch();
  let operations = 0;
  for (let index = 0; index < lines.length; index++) {
    const where = `line ${index + 1}`;
    const read = readPatchLine(lines[index]!, where, parseStep);
    if (!read) continue;
    operations += 'ops' in read ? read.ops.length : 1;
    if (operations > PLAN_LIMITS.steps) {
      problems.push(tooManyOperations(where));
      break;
    }
    problems.push(...prose.take(read));
    if ('ops' in read) ops.push(...read.ops);
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
