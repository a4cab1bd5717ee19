// The run's trace as a person reads it: one Markdown line per event, its time relative to the run's start,
// what happened and to which step ("+1.20 s  E4 run npm test → failed: exit code 1"). Lines that are not
// valid trace events are counted, not shown; the raw JSON lines stay one click away (the header's link).
import { TraceEventSchema, type TraceEvent } from '../run/traceEvents';
import { shorten } from '../text/shorten';
import { escapeMarkdown } from './markdownText';

/** `ms` since the start as "+1.20 s". */
export function relativeTime(ms: number): string {
  return `+${(Math.max(0, ms) / 1000).toFixed(2)} s`;
}

function describe(event: TraceEvent): string {
  const step = 'stepId' in event && event.stepId ? `**${escapeMarkdown(event.stepId)}** ` : '';
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
      return `revision ${event.revision}${event.failedStepId ? ` after ${escapeMarkdown(event.failedStepId)} broke` : ' (edited by hand)'}: +${event.added.length} added, ${event.changed.length} changed, ${event.removed.length} removed`;
    case 'stepArrived':
      return `${step}arrived from the planner`;
    case 'earlyStart':
      return `${step}started while the planner was still writing`;
    case 'llm':
      return `model call (${escapeMarkdown(event.role)}, ${escapeMarkdown(event.model)}): ${event.promptTokens} prompt + ${event.completionTokens} completion tokens in ${event.ms} ms`;
  }
}

/** The timeline of `lines` (the trace's parsed JSON lines), times relative to `startedAt` (else the first event). */
export function traceTimeline(lines: readonly unknown[], options: { readonly title: string; readonly rawLink: string; readonly startedAt?: number }): string {
  const events: TraceEvent[] = [];
  let skipped = 0;
  for (const line of lines) {
    const parsed = TraceEventSchema.safeParse(line);
    if (parsed.success) events.push(parsed.data);
    else skipped++;
  }
  const start = options.startedAt ?? events[0]?.at ?? 0;
  const rows = events.map((event) => `- \`${relativeTime(event.at - start)}\` ${describe(event)}`);
  return [
    `# ${escapeMarkdown(options.title)}`,
    '',
    `${events.length} events · [raw JSON lines](${options.rawLink})${skipped > 0 ? ` · ${skipped} lines that are not trace events left out` : ''}`,
    '',
    ...(rows.length > 0 ? rows : ['_Nothing traced yet._']),
    '',
  ].join('\n');
}
