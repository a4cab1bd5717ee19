// The run's trace as a person reads it: one Markdown line per event, its time relative to the run's start,
// what happened and to which step, named as the tree numbers it ("+1.20 s  4 Run the tests failed: exit
// code 1"); a step a later revision replaced goes by its title and that revision, since the same id may name
// its replacement. Lines that are not valid trace events are counted, not shown; the raw JSON lines (which
// keep the ids: they are data) stay one click away (the header's link).
import type { Plan } from '../plan/planSchema';
import { stepReference } from '../plan/stepNumbers';
import type { ReplacedStep } from '../run/runState';
import { TraceEventSchema, type TraceEvent } from '../run/traceEvents';
import { shorten } from '../text/shorten';
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

function stepNamer(steps: TimelineSteps | undefined): StepNamer {
  if (!steps) return (stepId) => stepId;
  return (stepId, revision, making) => {
    const later = steps.replaced.filter((entry) => entry.step.id === stepId && entry.replacedInRevision > revision);
    const old = later.sort((a, b) => a.replacedInRevision - b.replacedInRevision)[0];
    if (!old) return stepReference(steps.plan, stepId);
    return old.replacedInRevision === making ? old.step.title : `${old.step.title} (replaced in rev ${old.replacedInRevision})`;
  };
}

function describe(event: TraceEvent, name: StepNamer, revision: number): string {
  const step = 'stepId' in event && event.stepId ? `**${escapeMarkdown(name(event.stepId, revision))}** ` : '';
  const text = (value: string) => escapeMarkdown(shorten(value.replace(/\s+/g, ' '), 160));
  switch (event.type) {
    case 'intent':
      return `${step}calls \`${event.tool}\`${event.attempt > 1 ? ` (attempt ${event.attempt})` : ''}`;
    case 'result':
      return `${step}${event.ok ? 'returned' : `failed: ${text(event.failure?.message ?? 'no detail')}`} in ${event.ms} ms`;
    case 'check':
      return `${step}${event.role} ${event.ok ? 'holds' : 'does not hold'}: ${text(event.detail)}`;
    case 'retry':
      return `${step}retries (attempt ${event.attempt}): ${text(event.reason)}`;
    case 'settle':
      return `${step}settled by ${event.method}: ${event.outcome} → ${event.decision}`;
    case 'decision':
      return `${step}decision: ${event.decision} — ${text(event.reason)}`;
    case 'replan':
      return `revision ${event.revision}${event.failedStepId ? ` after ${escapeMarkdown(name(event.failedStepId, revision, event.revision))} broke` : ' (edited by hand)'}: +${event.added.length} added, ${event.changed.length} changed, ${event.removed.length} removed`;
    case 'stepArrived':
      return `${step}arrived from the planner`;
    case 'earlyStart':
      return `${step}started while the planner was still writing`;
    case 'llm':
      return `model call (${escapeMarkdown(event.role)}, ${escapeMarkdown(event.model)}): ${event.promptTokens} prompt + ${event.completionTokens} completion tokens in ${event.ms} ms`;
  }
}

/**
 * The timeline of `lines` (the trace's parsed JSON lines), times relative to `startedAt` (else the first event),
 * steps named from `steps` (without it, by their ids).
 */
export function traceTimeline(lines: readonly unknown[], options: { readonly title: string; readonly rawLink: string; readonly startedAt?: number; readonly steps?: TimelineSteps }): string {
  const events: TraceEvent[] = [];
  let skipped = 0;
  for (const line of lines) {
    const parsed = TraceEventSchema.safeParse(line);
    if (parsed.success) events.push(parsed.data);
    else skipped++;
  }
  const start = options.startedAt ?? events[0]?.at ?? 0;
  const name = stepNamer(options.steps);
  // The revision each event happened in: a replan event ends the one before it.
  let revision = 0;
  const rows = events.map((event) => {
    const row = `- \`${relativeTime(event.at - start)}\` ${describe(event, name, revision)}`;
    if (event.type === 'replan') revision = event.revision;
    return row;
  });
  return [
    `# ${escapeMarkdown(options.title)}`,
    '',
    `${events.length} events · [raw JSON lines](${options.rawLink})${skipped > 0 ? ` · ${skipped} lines that are not trace events left out` : ''}`,
    '',
    ...(rows.length > 0 ? rows : ['_Nothing traced yet._']),
    '',
  ].join('\n');
}
