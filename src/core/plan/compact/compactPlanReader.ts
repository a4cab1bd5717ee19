// Reads the compact plan language as it arrives: text is pushed in chunks of any size, and every line
// completed by a chunk comes back at once as a step (or its problems), so a streamed plan can be shown
// and started step by step. Blank lines, code fences, comment lines and prose (a sentence or a tag around
// the plan: no JSON, not led by a label or a tool name, so never a step) are skipped without taking a
// step number; a `done C` line is one of the goal's acceptance checks, also without a number; every other
// line is step E<n> in order, whether or not it parses (a line with `each` takes
// one number per step it stands for). A reply that would make
// the plan longer than PLAN_LIMITS.steps ends there with one problem, and the rest of it is not read.
import { PLAN_LIMITS, TOO_MANY_STEPS } from '../../planLimits';
import type { PlanProblem } from '../planProblem';
import type { Step } from '../planSchema';
import { isMcpToolName } from '../../tools/mcpToolName';
import { findTool } from '../../tools/toolCatalog';
import type { Check } from '../../checks/checkSchema';
import { parseCheckText } from './checkGrammar';
import { DependencyContext, type DependencyView } from './impliedDependencies';
import { parseCompactLine } from './parseCompactLine';

/** Where a compact reply starts: after the steps that exist already (a re-plan) or from E1. */
export interface CompactReaderOptions {
  /** Steps that exist already: later lines may reference them and get hazard dependencies on them. */
  readonly existing?: readonly DependencyView[];
  /** The number of the first new step; by default one past the highest `E<n>` in `existing`, else 1. */
  readonly firstNumber?: number;
}

/** One step line: its position among the steps, its 1-based line number and text, its step or problems. */
export interface CompactLineItem {
  /** 0-based index among the step lines of this reply (its id is `E<firstNumber + index>`). */
  readonly index: number;
  /** 1-based number of the line in the reply. */
  readonly line: number;
  readonly text: string;
  readonly step?: Step;
  readonly problems: readonly PlanProblem[];
}

/** A "Done when" line: `done C`, one of the goal's acceptance checks; it is no step and takes no number. */
const DONE_LINE = /^\s*(?:-\s+)?done\s+(.*)$/;

/** A `done C` line as read: the acceptance check, or what keeps it from being one. */
export type DoneLine = { readonly check: Check } | { readonly problem: PlanProblem };

/** Lines that are not steps: blank, a code fence, or a comment (`# …`, `## …`, `// …`). */
const SKIPPED = /^\s*(?:$|```|~~~|#(?:\s|#|$)|\/\/)/;

/**
 * Prose a model writes around its plan (`Here is the plan:`, `<plan>`, an explanation after it): a line with
 * no JSON, led by neither a label (`E3`, `3.`) nor a tool name. It cannot be a step, so it takes no number.
 */
function isProse(text: string): boolean {
  if (text.includes('{')) return false;
  const first = /^\s*(?:[-*]\s+)?([^\s(]+)/.exec(text)?.[1] ?? '';
  return !/^(?:#?E\d+|\d+)[:=.)]?$/.test(first) && findTool(first) === undefined && !isMcpToolName(first);
}

/** The number the first new step gets after `existing`. */
export function nextStepNumber(existing: readonly { readonly id: string }[]): number {
  let highest = 0;
  for (const { id } of existing) {
    const match = /^E(\d+)$/.exec(id);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return highest + 1;
}

/** An incremental reader of one compact reply. */
export class CompactPlanReader {
  private readonly context: DependencyContext;
  private readonly firstNumber: number;
  /** Step lines this reply may hold before the plan (with the existing steps) is over the limit. */
  private readonly room: number;
  /** The problem of the line past the limit, once read: nothing after it is. */
  private overflow: PlanProblem | undefined;
  private readonly read: CompactLineItem[] = [];
  private readonly done: DoneLine[] = [];
  private pending = '';
  private lineNumber = 0;
  private finished = false;

  constructor(options: CompactReaderOptions = {}) {
    this.context = new DependencyContext(options.existing ?? []);
    this.firstNumber = options.firstNumber ?? nextStepNumber(options.existing ?? []);
    this.room = PLAN_LIMITS.steps - (options.existing?.length ?? 0);
  }

  /** Adds `chunk`; returns the step lines it completed, in order. */
  push(chunk: string): CompactLineItem[] {
    if (this.finished) throw new Error('CompactPlanReader: push after finish');
    if (this.overflow) return [];
    // Only the new chunk can end a line: splitting all that is pending on every chunk made a long line quadratic.
    const cut = chunk.lastIndexOf('\n');
    if (cut < 0) {
      this.pending += chunk;
      return [];
    }
    const lines = (this.pending + chunk.slice(0, cut)).split('\n');
    this.pending = chunk.slice(cut + 1);
    const items: CompactLineItem[] = [];
    for (const line of lines) {
      items.push(...this.readLine(line));
      if (this.overflow) {
        this.pending = '';
        break;
      }
    }
    return items;
  }

  /** Ends the reply; returns the step of a last line that had no line break. */
  finish(): CompactLineItem[] {
    if (this.finished) return [];
    this.finished = true;
    const last = this.pending;
    this.pending = '';
    return last.length > 0 && !this.overflow ? this.readLine(last) : [];
  }

  /** Every step line read so far. */
  get items(): readonly CompactLineItem[] {
    return this.read;
  }

  /** The steps read so far (lines with problems left out). */
  get steps(): Step[] {
    return this.read.flatMap((item) => (item.step ? [item.step] : []));
  }

  /** The goal's acceptance checks read so far from `done C` lines. */
  get acceptance(): readonly Check[] {
    return this.done.flatMap((line) => ('check' in line ? [line.check] : []));
  }

  /** Every `done` line read so far, in order: its check or its problem. */
  get doneLines(): readonly DoneLine[] {
    return this.done;
  }

  /** The problems of every line read so far, and of the reply being too long. */
  get problems(): PlanProblem[] {
    const problems = [...this.read.flatMap((item) => item.problems), ...this.done.flatMap((line) => ('problem' in line ? [line.problem] : []))];
    return this.overflow ? [...problems, this.overflow] : problems;
  }

  private readLine(raw: string): CompactLineItem[] {
    this.lineNumber++;
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (SKIPPED.test(text)) return [];
    const done = DONE_LINE.exec(text);
    if (done) {
      const parsed = parseCheckText(done[1]!.trim());
      this.done.push(parsed.ok ? { check: parsed.check } : { problem: { path: '', message: `line ${this.lineNumber}: done: ${parsed.problem}` } });
      return [];
    }
    if (isProse(text)) return [];
    const index = this.read.length;
    if (index >= this.room) return this.overflowAt(0);
    const { steps, problems } = parseCompactLine(text, { id: `E${this.firstNumber + index}`, lineNumber: this.lineNumber, earlier: this.context });
    if (index + steps.length > this.room) return this.overflowAt(steps.length);
    // A line with `each` is one item per step it stands for, so every step keeps its own position.
    const items: CompactLineItem[] = steps.length === 0 ? [{ index, line: this.lineNumber, text, problems }] : steps.map((step, offset) => ({ index: index + offset, line: this.lineNumber, text, step, problems }));
    this.read.push(...items);
    return items;
  }

  /** Ends the reply at this line, one past the limit (`expanded`: the steps its `each` stood for). */
  private overflowAt(expanded: number): CompactLineItem[] {
    const counting = this.room < PLAN_LIMITS.steps ? ` (counting the ${PLAN_LIMITS.steps - this.room} the plan has)` : '';
    const many = expanded > 1 ? ` with the ${expanded} steps its "each" stands for` : '';
    this.overflow = { path: '', message: `line ${this.lineNumber}: the reply holds ${TOO_MANY_STEPS}${counting}${many}; the lines from here on were not read` };
    return [];
  }
}

/** Reads a whole compact reply at once. */
export function readCompactPlan(text: string, options: CompactReaderOptions = {}): CompactPlanReader {
  const reader = new CompactPlanReader(options);
  reader.push(text);
  reader.finish();
  return reader;
}
