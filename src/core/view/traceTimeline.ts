// The run's trace as a person reads it: one Markdown line per event, its time relative to the run's start,
// what happened and to which step, named as the tree numbers it ("+1.20 s  4 Run the tests failed: exit
// code 1"); a step a later revision replaced goes by its title and that revision, since the same id may name
// its replacement. Lines that are not valid trace events are counted, not shown; the raw JSON lines (which
// keep the ids: they are data) stay one click away (the page's button).
import type { Plan } from '../plan/planSchema';
import { stepReference } from '../plan/stepNumbers';
import type { Localize } from '../ports';
import type { ReplacedStep } from '../run/runState';
import { TraceEventSchema, type TraceEvent } from '../run/traceEvents';
import { shorten } from '../text/shorten';
import { decisionWords } from './decisionWords';
import { escapeMarkdown } from './markdownText';

/** `ms` since the start as "+1.20 s". */
export function relativeTime(ms: number): string {
  return `+${(Math.max(0, ms) / 1000).toFixed(2)} s`;
}

/** The steps a timeline names: the run's current plan and the steps its revisions replaced. */
export interface TimelineSteps {
  readonly plan: Plan;
  readonly replaced: readonly ReplacedStep[];
}

/**
 * Names `stepId` as it was at `revision`: a step a later revision replaced by its title and that revision (only
 * its title when that is the revision `making`, which the line is about), else as the current plan numbers it.
 */
type StepNamer = (stepId: string, revision: number, making?: number) => string;

function stepNamer(l10n: Localize, steps: TimelineSteps | undefined): StepNamer {
  if (!steps) return (stepId) => stepId;
  return (stepId, revision, making) => {
    const later = steps.replaced.filter((entry) => entry.step.id === stepId && entry.replacedInRevision > revision);
    const old = later.sort((a, b) => a.replacedInRevision - b.replacedInRevision)[0];
    if (!old) return stepReference(steps.plan, stepId);
    return old.replacedInRevision === making ? old.step.title : l10n.t('{0} (replaced in rev {1})', old.step.title, old.replacedInRevision);
  };
}

/** A re-plan's line: which revision, after which step broke (or by hand), and what it changed. */
function replanText(l10n: Localize, event: Extract<TraceEvent, { type: 'replan' }>, broke: string | undefined): string {
  const { revision, added, changed, removed } = event;
  return broke === undefined
    ? l10n.t('revision {0} (edited by hand): +{1} added, {2} changed, {3} removed', revision, added.length, changed.length, removed.length)
    : l10n.t('revision {0} after {1} broke: +{2} added, {3} changed, {4} removed', revision, broke, added.length, changed.length, removed.length);
}

function describe(l10n: Localize, event: TraceEvent, name: StepNamer, revision: number): string {
  const step = 'stepId' in event && event.stepId ? `**${escapeMarkdown(name(event.stepId, revision))}**` : '';
  const text = (value: string) => escapeMarkdown(shorten(value.replace(/\s+/g, ' '), 160));
  switch (event.type) {
    case 'intent':
      return event.attempt > 1 ? l10n.t('{0} calls `{1}` (attempt {2})', step, event.tool, event.attempt) : l10n.t('{0} calls `{1}`', step, event.tool);
    case 'result':
      return event.ok ? l10n.t('{0} returned in {1} ms', step, event.ms) : l10n.t('{0} failed: {1} in {2} ms', step, event.failure ? text(event.failure.message) : l10n.t('no detail'), event.ms);
    case 'check':
      return event.ok ? l10n.t('{0} {1} holds: {2}', step, event.role, text(event.detail)) : l10n.t('{0} {1} does not hold: {2}', step, event.role, text(event.detail));
    case 'retry':
      return l10n.t('{0} retries (attempt {1}): {2}', step, event.attempt, text(event.reason));
    case 'settle':
      return l10n.t('{0} settled by {1}: {2} → {3}', step, event.method, event.outcome, decisionWords(l10n, event.decision));
    case 'decision':
      return step ? l10n.t('{0} {1} — {2}', step, decisionWords(l10n, event.decision), text(event.reason)) : l10n.t('Run: {0} — {1}', decisionWords(l10n, event.decision), text(event.reason));
    case 'replan':
      return replanText(l10n, event, event.failedStepId ? escapeMarkdown(name(event.failedStepId, revision, event.revision)) : undefined);
    case 'stepArrived':
      return l10n.t('{0} arrived from the planner', step);
    case 'earlyStart':
      return l10n.t('{0} started while the planner was still writing', step);
    case 'llm':
      return l10n.t('model call ({0}, {1}): {2} prompt + {3} completion tokens in {4} ms', escapeMarkdown(event.role), escapeMarkdown(event.model), event.promptTokens, event.completionTokens, event.ms);
  }
}

/** The line under the title: how many events, and how many lines were left out. */
function headerLine(l10n: Localize, events: number, skipped: number): string {
  return [
    events === 1 ? l10n.t('1 event') : l10n.t('{0} events', events),
    ...(skipped === 0 ? [] : [skipped === 1 ? l10n.t('1 line that is not a trace event left out') : l10n.t('{0} lines that are not trace events left out', skipped)]),
  ].join(' · ');
}

/**
 * The timeline of `lines` (the trace's parsed JSON lines), times relative to `startedAt` (else the first event),
 * steps named from `steps` (without it, by their ids). What the events hold (tools, roles, decisions, failure
 * messages, check details) stays as the trace wrote it, in English: it is the run's data, as the CLI shows it.
 */
export function traceTimeline(l10n: Localize, lines: readonly unknown[], options: { readonly title: string; readonly startedAt?: number; readonly steps?: TimelineSteps }): string {
  const events: TraceEvent[] = [];
  let skipped = 0;
  for (const line of lines) {
    const parsed = TraceEventSchema.safeParse(line);
    if (parsed.success) events.push(parsed.data);
    else skipped++;
  }
  const start = options.startedAt ?? events[0]?.at ?? 0;
  const name = stepNamer(l10n, options.steps);
  // The revision each event happened in: a replan event ends the one before it.
  let revision = 0;
  const rows = events.map((event) => {
    const row = `- \`${relativeTime(event.at - start)}\` ${describe(l10n, event, name, revision)}`;
    if (event.type === 'replan') revision = event.revision;
    return row;
  });
  return [`# ${escapeMarkdown(options.title)}`, '', headerLine(l10n, events.length, skipped), '', ...(rows.length > 0 ? rows : [l10n.t('_Nothing traced yet._')]), ''].join('\n');
}
