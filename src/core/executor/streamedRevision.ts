// A re-plan's patch applied line by line while the re-planner writes it. The first line that applies opens
// the next revision (`revised` with `planOpen`); later lines grow it (`patchLines`), so a replacement step
// is in the run, and may start, before the reply is finished. A line that does not apply yet (it names a
// step a later line adds) is held and tried again after each line that does. Once the reply is complete, what it
// added is judged — lines that never applied, the whole revision through the gate with every reference
// closed — and the revision closes (`planClosed`), or stays for the repair turn's answer to complete it.
import { diffPlans } from '../plan/diffPlans';
import { NO_PATCH_LINE } from '../plan/parsePatch';
import { applyPatch, type PatchOp, type PlanPatch } from '../plan/planPatch';
import { formatProblem } from '../plan/planProblem';
import type { ValidPlan } from '../plan/planSchema';
import { validatePlan } from '../plan/validatePlan';
import { canonicalJson } from '../text/canonicalJson';
import type { JournalRecord, StreamOffset } from '../run/journalRecords';
import type { PatchLine, PatchLineSink } from '../run/modelRoles';
import { openRevisionSteps } from '../run/revisionState';
import { statusById } from '../run/runState';
import type { PlanIntake } from './planRun';
import type { RunRecorder } from './runRecorder';
import { WakeSignal } from './wakeSignal';

/** The id a patch operation is about. */
function targetOf(op: PatchOp): string {
  return op.op === 'add' ? op.step.id : op.id;
}

/** The revision a streamed re-plan writes, as the run sees it while it arrives. */
export class StreamedRevision implements PatchLineSink, PlanIntake {
  private readonly from: ValidPlan;
  private readonly applied = new Set<string>();
  /** Every operation taken, with its reply line, in order: what the repair turn is told of. */
  private readonly taken: { readonly op: PatchOp; readonly line?: number }[] = [];
  private held: PatchOp[] = [];
  private readonly lineProblems: string[] = [];
  private work: Promise<void> = Promise.resolve();
  private opened = false;
  private latest: StreamOffset = { chars: 0 };

  constructor(
    private readonly recorder: RunRecorder,
    private readonly brokenId: string,
    private readonly reason: string,
    /** Woken at each line applied and at the close: the run's scheduler waits on it. */
    private readonly wake: WakeSignal,
  ) {
    this.from = recorder.current.plan;
  }

  /** Resolves at the next line the revision takes in, or when it closes. */
  changed(): Promise<void> {
    return this.wake.next();
  }

  /** How much of the re-planner's reply has arrived. */
  offset(): StreamOffset {
    return this.latest;
  }

  /** Takes one line of the reply; lines are applied one after another, in the order they came. */
  line(line: PatchLine): void {
    this.work = this.work.then(() => this.take(line));
  }

  /** The problems of what the complete first reply added: lines that never applied, the revision's closing gate. */
  async settle(): Promise<readonly string[]> {
    await this.work;
    this.held = await this.applyWhatApplies(this.held, this.latest);
    // Each held line on its own, so every one of their problems is quoted, named by its line.
    const problems = [...this.lineProblems, ...this.held.flatMap((op) => this.problemsOf([op]).map((problem) => this.atLine(op, problem)))];
    if (problems.length > 0) return problems;
    if (!this.opened) return [NO_PATCH_LINE];
    const closed = validatePlan(this.recorder.current.plan);
    return closed.ok ? [] : closed.problems.map(formatProblem);
  }

  /**
   * What completing the revision with `patch` (the repair turn's answer) applies: its operations no line has
   * applied yet — an `add` restating a step a line added replaces it — then, when it answers for the held part
   * only, the held lines it does not write again under their ids, which stand. An answer that repeats an
   * applied line is the whole corrected patch: the held lines it leaves out are left out.
   */
  remainder(patch: PlanPatch): PlanPatch {
    const added = new Set(this.taken.flatMap(({ op }) => (op.op === 'add' && this.applied.has(canonicalJson(op)) ? [op.step.id] : [])));
    const written = new Set(patch.map(targetOf));
    const whole = patch.some((op) => this.applied.has(canonicalJson(op)));
    const standing = whole ? [] : this.held.filter((op) => !written.has(targetOf(op)));
    const answer = patch
      .filter((op) => !this.applied.has(canonicalJson(op)))
      .map((op): PatchOp => {
        if (op.op !== 'add' || !added.has(op.step.id)) return op;
        const dependsOn = [...new Set([...(op.step.dependsOn ?? []), ...(op.after ? [op.after] : [])])];
        return { op: 'replace', id: op.step.id, step: dependsOn.length > 0 ? { ...op.step, dependsOn } : op.step };
      });
    return [...answer, ...standing];
  }

  repairNote(): readonly string[] {
    const applied = this.taken.filter(({ op }) => this.applied.has(canonicalJson(op)));
    const held = this.taken.filter(({ op }) => !this.applied.has(canonicalJson(op)));
    if (applied.length === 0) return [];
    return [
      `Already applied to the running plan, and kept: ${applied.map(({ op, line }) => `${line ? `line ${line} ` : ''}${this.describe(op)}`).join('; ')}.`,
      ...(held.length > 0 ? [`Held, not applied: ${held.map(({ op, line }) => `${line ? `line ${line} ` : ''}${op.op} ${targetOf(op)}`).join('; ')}.`] : []),
      'Answer with patch lines for the held part only: the applied lines stay, and a held line stands unless you write a line under its id again, which takes its place (so does a line for an added step that has not started). Or answer with the whole corrected patch: then the held lines you leave out are left out.',
    ];
  }

  effectNote(): string {
    const applied = this.taken.filter(({ op }) => this.applied.has(canonicalJson(op)));
    return applied.length === 0 ? '' : `the first reply's lines that applied stay in revision ${this.recorder.current.revision}: ${applied.map(({ op }) => this.describe(op)).join('; ')}`;
  }

  /** An applied operation and what became of its step: `replace E1 (E1 succeeded)`, `drop E2`. */
  private describe(op: PatchOp): string {
    if (op.op === 'drop') return `drop ${op.id}`;
    const status = this.recorder.current.steps.get(targetOf(op))?.status ?? 'pending';
    return `${op.op} ${targetOf(op)} (${status === 'pending' ? 'not started' : status})`;
  }

  /** The problem of the held operation `op` (applied alone, so at `patch[0]`) at its reply line, when known. */
  private atLine(op: PatchOp, problem: string): string {
    const line = this.taken.find((entry) => entry.op === op)?.line;
    return line ? `line ${line}: ${problem.replace(/^patch\[0\]: /, '')}` : problem;
  }

  /**
   * Completes the revision with the accepted `patch` (the streamed reply's, or the repair turn's): applies
   * what no line applied yet and closes it. The problems when it cannot; the revision is then closed with them.
   */
  async complete(patch: PlanPatch): Promise<readonly string[]> {
    await this.work;
    const rest = this.remainder(patch);
    this.held = [];
    const problems = rest.length > 0 && !(await this.apply(rest, this.latest)) ? this.problemsOf(rest) : [];
    if (!this.opened) return problems.length > 0 ? problems : [NO_PATCH_LINE];
    if (problems.length === 0) {
      const closed = validatePlan(this.recorder.current.plan);
      if (!closed.ok) problems.push(...closed.problems.map(formatProblem));
    }
    if (problems.length > 0) {
      await this.abandon(problems.join('; '));
      return problems;
    }
    await this.close([]);
    return [];
  }

  /** Ends the revision, if open, with `reason` as its problem: nothing more of it runs until the plan is fixed. */
  async abandon(reason: string): Promise<void> {
    await this.work.catch(() => undefined);
    if (this.opened) await this.close([reason]);
  }

  private async take(line: PatchLine): Promise<void> {
    this.latest = line.offset;
    if ('problem' in line) {
      this.lineProblems.push(line.problem);
      return;
    }
    this.taken.push({ op: line.op, ...(line.line ? { line: line.line } : {}) });
    this.held = await this.applyWhatApplies([...this.held, line.op], line.offset);
  }

  /** Applies each of `ops` that applies now, in order, until none more does; returns those still held. */
  private async applyWhatApplies(ops: readonly PatchOp[], offset: StreamOffset): Promise<PatchOp[]> {
    const waiting = [...ops];
    for (let index = 0; index < waiting.length; ) {
      if (await this.apply([waiting[index]!], offset)) {
        waiting.splice(index, 1);
        index = 0;
      } else index++;
    }
    return waiting;
  }

  /** Applies `ops` as the revision's next lines; false when they do not apply to the run as it stands now. */
  private async apply(ops: readonly PatchOp[], offset: StreamOffset): Promise<boolean> {
    const applied = await this.recorder.appendFrom((state): { record?: JournalRecord; result: boolean } => {
      const revision = this.opened ? state.revision : state.revision + 1;
      const verdict = applyPatch(state.plan, statusById(state), ops, { openReferences: true, revision, earlierLines: openRevisionSteps(state) });
      if (!verdict.ok) return { result: false };
      const at = this.recorder.now();
      const patched = ops.filter((op) => op.op !== 'drop').map(targetOf);
      const record: JournalRecord = this.opened
        ? { type: 'patchLines', at, ops: [...ops], streamOffset: offset }
        : { type: 'revised', at, revision, failedStepId: this.brokenId, reason: this.reason, plan: verdict.plan, planOpen: true, patched, streamOffset: offset };
      return { result: true, record };
    });
    if (!applied) return false;
    this.opened = true;
    for (const op of ops) {
      this.applied.add(canonicalJson(op));
      if (op.op !== 'drop') await this.recorder.trace({ type: 'stepArrived', stepId: targetOf(op), streamOffset: offset });
    }
    this.wake.wake();
    return true;
  }

  private problemsOf(ops: readonly PatchOp[]): string[] {
    const state = this.recorder.current;
    const verdict = applyPatch(state.plan, statusById(state), ops, { openReferences: true, revision: this.opened ? state.revision : state.revision + 1, earlierLines: openRevisionSteps(state) });
    return verdict.ok ? [] : verdict.problems.map(formatProblem);
  }

  /** Journals the end of the revision and traces what it changed. */
  private async close(problems: readonly string[]): Promise<void> {
    const recorder = this.recorder;
    const revision = recorder.current.revision;
    await recorder.trace({ type: 'decision', stepId: this.brokenId, decision: 'closePlan', reason: problems.length > 0 ? problems.join('; ') : `revision ${revision} is complete` });
    await recorder.append({ type: 'planClosed', at: recorder.now(), ...(problems.length > 0 ? { problems: [...problems] } : {}), streamOffset: this.latest });
    this.opened = false;
    if (problems.length === 0) {
      const diff = diffPlans(this.from, recorder.current.plan);
      await recorder.trace({
        type: 'replan',
        revision,
        failedStepId: this.brokenId,
        added: diff.added.map((step) => step.id),
        removed: diff.removed.map((step) => step.id),
        changed: diff.changed.map((change) => change.id),
      });
    }
    this.wake.wake();
  }
}
