// Saving step documents: which document edits which step, the edit through the plan session (the validation gate,
// or the run's next revision once the plan has run), and what the user is told. A refused save is said in the status
// bar until the next save of a step document or until its document closes, so a problem fixed (or given up on)
// leaves no stale message behind, and as the document's diagnostics. A document whose step goes away (deleted,
// replaced by a re-plan, or renumbered by a move) is marked so, for the editor to close its tab or flag it. What a save does and the words of a refusal are
// core's stepDocument. The editor's side is a port (StepEditor implements it), so the flow is unit-tested.
import type { PlanProblem } from '../../core/plan/planProblem';
import type { Plan } from '../../core/plan/planSchema';
import { readStepDocument, stepDocumentRefusalText, type StepDocumentTarget } from '../../core/plan/stepDocument';
import type { Localize, Logger } from '../../core/ports';
import { canonicalJson } from '../../core/text/canonicalJson';
import type { PlanSession } from './planSession';

/** What a step document shows as its problems: one message at a 1-based place, or the gate's problems. */
export type DocumentProblems =
  | { readonly kind: 'at'; readonly line: number; readonly column: number; readonly message: string }
  | { readonly kind: 'gate'; readonly problems: readonly PlanProblem[]; readonly stepId: string | undefined };

/** Where the editor says what a save did. */
export interface StepDocumentSurface {
  /** A status bar line, gone after `timeoutMs` (without one, once disposed). */
  status(text: string, timeoutMs?: number): { dispose(): void };
  /** Shows the problems of `document` (a URI string); `undefined` clears them. */
  problems(document: string, problems: DocumentProblems | undefined): void;
}

/** What the saves work with. */
export interface StepDocumentDeps {
  readonly session: Pick<PlanSession, 'plan' | 'applyEdit' | 'stepName'>;
  readonly surface: StepDocumentSurface;
  readonly log: Logger;
  readonly l10n: Localize;
  /** The gate's problems in one line ("…: the first problem (and 2 more)"), every one of them logged. */
  readonly summarize: (what: string, problems: readonly PlanProblem[]) => string;
  /** The short text of an unexpected error, its details logged. */
  readonly describe: (error: unknown) => string;
}

export class StepDocumentSaves {
  private readonly targets = new Map<string, StepDocumentTarget>();
  /** The step each edit document shows, as it was in the plan when the document opened or was last saved (canonical JSON). */
  private readonly shown = new Map<string, string>();
  /** Documents whose save is being applied: their step may change id on the way, which is not going away. */
  private readonly saving = new Set<string>();
  /** The status bar line of the last refused save, and the document it is about. */
  private refusal: { readonly document: string; readonly line: { dispose(): void } } | undefined;

  constructor(private readonly deps: StepDocumentDeps) {}

  /** `document` (a URI string) now edits the step `target` names, or adds one; its old problems go. */
  open(document: string, target: StepDocumentTarget): void {
    this.targets.set(document, target);
    if (target.mode === 'edit') this.remember(document, target.stepId);
    this.deps.surface.problems(document, undefined);
  }

  /** `document` closed: it edits nothing any more, and its problems and refusal go with it. */
  close(document: string): void {
    this.shown.delete(document);
    if (!this.targets.delete(document)) return;
    this.deps.surface.problems(document, undefined);
    if (this.refusal?.document === document) this.clearRefusal();
  }

  /** Applies the save of `document` (its file `name`, its `text`); a document that is not a step document is left alone. */
  async saved(document: string, name: string, text: string): Promise<void> {
    const target = this.targets.get(document);
    if (!target) return;
    // The last save's message goes: a problem fixed by this save leaves nothing stale behind.
    this.clearRefusal();
    const read = readStepDocument(this.deps.session.plan, target, text);
    if (!read.ok) {
      const words = stepDocumentRefusalText(this.deps.l10n, read.refusal, name);
      this.deps.log.warn(words.log);
      this.deps.surface.problems(document, { kind: 'at', line: words.line, column: words.column, message: words.diagnostic });
      this.refuse(document, words.status);
      return;
    }
    const { session } = this.deps;
    const reason = target.mode === 'edit' ? `edited ${session.stepName(target.stepId)}` : `added ${read.title !== undefined ? `"${read.title}"` : String(read.stepId)}`;
    this.saving.add(document);
    const problems = await this.apply(read.plan, reason, (message) => this.refuse(document, message)).finally(() => this.saving.delete(document));
    if (problems) {
      this.deps.surface.problems(document, { kind: 'gate', problems, stepId: target.mode === 'edit' ? target.stepId : read.stepId });
      return;
    }
    this.deps.surface.problems(document, undefined);
    // The step now exists under its (possibly new) id: a later save edits it.
    if (read.stepId !== undefined) {
      this.targets.set(document, { mode: 'edit', stepId: read.stepId });
      this.remember(document, read.stepId);
    }
    const stepName = session.stepName(String(read.stepId));
    this.deps.surface.status(target.mode === 'edit' ? this.deps.l10n.t('Planwright: updated step {0}', stepName) : this.deps.l10n.t('Planwright: added step {0}', stepName), 5_000);
  }

  /** Applies the edited plan; `undefined` when it went through, else the problems (shown on the steps), said by `say`. */
  async apply(edited: Plan, reason: string, say: (message: string) => void): Promise<readonly PlanProblem[] | undefined> {
    try {
      const outcome = await this.deps.session.applyEdit(edited, `${reason} by hand`);
      if (outcome.ok) return undefined;
      say(this.deps.summarize(this.deps.l10n.t('The edit was not applied'), outcome.problems));
      return outcome.problems;
    } catch (error) {
      const message = this.deps.describe(error);
      say(this.deps.l10n.t('The edit was not applied: {0}', message));
      return [{ path: '', message }];
    }
  }

  /**
   * Marks the documents whose step is no longer in `plan` under the id they edit, changed since the document
   * showed it (a re-plan that kept its id, a rename, another document's save), whose id a move gave to another step
   * (`renamed`, the old ids), or that were opened for another plan (`ofOtherPlan`), and returns them: a save of one
   * changes nothing and says why, which its diagnostics say at once.
   */
  stepsGone(plan: Pick<Plan, 'steps'> | undefined, renamed: ReadonlySet<string> = new Set(), ofOtherPlan: (document: string) => boolean = () => false): string[] {
    const gone: string[] = [];
    for (const [document, target] of this.targets) {
      if (target.mode !== 'edit' || target.gone || this.saving.has(document)) continue;
      const now = plan?.steps.find((step) => step.id === target.stepId);
      if (!ofOtherPlan(document) && !renamed.has(target.stepId) && now && canonicalJson(now) === this.shown.get(document)) continue;
      this.targets.set(document, { ...target, gone: true });
      const words = stepDocumentRefusalText(this.deps.l10n, { kind: 'stepGone', stepId: target.stepId }, document);
      this.deps.surface.problems(document, { kind: 'at', line: words.line, column: words.column, message: words.diagnostic });
      gone.push(document);
    }
    return gone;
  }

  /** Notes the step `stepId` of the open plan as what `document` shows now. */
  private remember(document: string, stepId: string): void {
    const step = this.deps.session.plan?.steps.find((candidate) => candidate.id === stepId);
    if (step) this.shown.set(document, canonicalJson(step));
  }

  /** Takes the last refusal's status bar line away. */
  dispose(): void {
    this.clearRefusal();
  }

  private refuse(document: string, message: string): void {
    this.refusal = { document, line: this.deps.surface.status(`$(error) ${message}`) };
  }

  private clearRefusal(): void {
    this.refusal?.line.dispose();
    this.refusal = undefined;
  }
}
