// What saving a step document (one step as JSON, opened by Edit Step… or Add Step After…, its multi-line
// arguments as lines: stepDocumentText.ts) does to the plan, decided before anything is applied: text that is not JSON is refused at the line and column where it goes
// wrong; an edit of a step changed, deleted, replaced or renumbered since the document opened is refused, since applying it would
// change nothing and still report the step updated; anything else is the edited plan, for the validation gate
// to judge. The words of each refusal are here too: one line each, with no parser noise and no stack trace.
import type { Localize } from '../ports';
import { locateJsonSyntaxError, type JsonSyntaxError } from './jsonSyntaxError';
import { insertStepAfter, replaceStep } from './planEdits';
import type { Plan, Step } from './planSchema';
import { stepFromDocument } from './stepDocumentText';

/**
 * Which step a step document edits (`gone` once that step left the plan, changed since the document showed it, or
 * a move gave its id to another step, so the id alone no longer finds what the document shows), or where the step
 * it adds goes.
 */
export type StepDocumentTarget = { readonly mode: 'edit'; readonly stepId: string; readonly gone?: true } | { readonly mode: 'add'; readonly afterId?: string };

/** Why a save of a step document changes nothing. */
export type StepDocumentRefusal =
  | { readonly kind: 'notJson'; readonly error: JsonSyntaxError }
  | { readonly kind: 'stepGone'; readonly stepId: string }
  | { readonly kind: 'noPlan' };

/** A save read: the edited plan (not validated yet) and the id and title its step gives, or a refusal. */
export type StepDocumentRead =
  | { readonly ok: true; readonly plan: Plan; readonly stepId: string | undefined; readonly title: string | undefined }
  | { readonly ok: false; readonly refusal: StepDocumentRefusal };

/** Reads the saved `text` of a step document for `target` against the open `plan`. */
export function readStepDocument(plan: Plan | undefined, target: StepDocumentTarget, text: string): StepDocumentRead {
  // Editors on Windows may save a byte order mark, which JSON.parse rejects.
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return { ok: false, refusal: { kind: 'notJson', error: locateJsonSyntaxError(json, error instanceof Error ? error.message : String(error)) } };
  }
  if (!plan) return { ok: false, refusal: { kind: 'noPlan' } };
  value = stepFromDocument(value);
  if (target.mode === 'edit' && (target.gone || !plan.steps.some((step) => step.id === target.stepId))) return { ok: false, refusal: { kind: 'stepGone', stepId: target.stepId } };
  // Whatever the document holds goes to the gate, which names each problem in it.
  const step = value as Step;
  const fields = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return {
    ok: true,
    plan: target.mode === 'edit' ? replaceStep(plan, target.stepId, step) : insertStepAfter(plan, target.afterId, step),
    stepId: typeof fields.id === 'string' ? fields.id : undefined,
    title: typeof fields.title === 'string' ? fields.title : undefined,
  };
}

/** A refusal in words: the status bar line, the document's diagnostic and its 1-based place, and the log's line (English). */
export interface StepDocumentRefusalText {
  readonly status: string;
  readonly diagnostic: string;
  readonly line: number;
  readonly column: number;
  readonly log: string;
}

/** What the user is told of `refusal` of a save of the document `name`. */
export function stepDocumentRefusalText(l10n: Localize, refusal: StepDocumentRefusal, name: string): StepDocumentRefusalText {
  switch (refusal.kind) {
    case 'notJson': {
      const { line, column, reason } = refusal.error;
      return {
        status: l10n.t('Planwright: the step is not valid JSON (line {0}, column {1}); nothing was changed', line, column),
        diagnostic: l10n.t('Not valid JSON: {0}', reason),
        line,
        column,
        log: `${name} is not valid JSON at line ${line}, column ${column}: ${reason}; nothing was changed.`,
      };
    }
    case 'stepGone':
      return {
        status: l10n.t('Planwright: {0} is no longer in the plan as this document shows it; nothing was changed', refusal.stepId),
        diagnostic: l10n.t('{0} is no longer in the plan as this document shows it (it was changed, deleted, replaced or renumbered, or another plan was opened, since this document opened); nothing was changed. Edit Step… shows it as it is now; Add Step After… adds it again.', refusal.stepId),
        line: 1,
        column: 1,
        log: `${name}: ${refusal.stepId} is no longer in the plan as this document shows it (it was changed, deleted, replaced or renumbered, or another plan was opened, since this document opened); nothing was changed.`,
      };
    case 'noPlan':
      return {
        status: l10n.t('Planwright: no plan is open; nothing was changed'),
        diagnostic: l10n.t('No plan is open, so the step has nowhere to go; nothing was changed.'),
        line: 1,
        column: 1,
        log: `${name}: no plan is open; nothing was changed.`,
      };
  }
}
