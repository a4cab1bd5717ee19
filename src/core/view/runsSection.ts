// The Runs view's rows: one per run of the workspace the view lists (core/run/foundRun), whichever door started it,
// with where it is, how far, and who runs it ("this window", "process 4121"). The runs of this window are taken
// from the window (fresher than their journals, and with their open questions). contextValue grammar:
// `run:<phase>` then `:live` while a process runs it (here or elsewhere: Pause and Cancel act on it) and `:shown`
// for the run the Plan view shows.
import type { Localize } from '../ports';
import { foundRunPhase, listedRuns, type FoundRun, type FoundRunPhase } from '../run/foundRun';
import { escapeMarkdown } from './markdownText';
import type { TreeRowLook } from './planTreeNode';
import { planStatusText } from './statusText';
import { shorten } from '../text/shorten';

/** What this window knows of one of its own runs. */
export interface WindowRun {
  readonly executing: boolean;
  /** Its steps whose approval question is open now. */
  readonly waiting: number;
}

/** What the Runs view is built from. */
export interface RunsSectionInput {
  /** Every run found in the journal folders. */
  readonly runs: readonly FoundRun[];
  /** This window's runs, by journal path. */
  readonly window: ReadonlyMap<string, WindowRun>;
  /** The journal of the run the Plan view shows. */
  readonly shown?: string;
  readonly now: number;
}

/** One row of the Runs view. */
export interface RunRow extends TreeRowLook {
  readonly id: string;
  readonly runId: string;
  readonly journalPath: string;
}

const ICONS: Readonly<Record<FoundRunPhase, string>> = { running: 'loading~spin', waiting: 'bell-dot', stopped: 'debug-pause', finished: 'pass-filled' };

/** The row's phase: a run this window executes is running (waiting while it asks); others as their journal and lease say. */
function phaseOf(run: FoundRun, mine: WindowRun | undefined): FoundRunPhase {
  if (!mine) return foundRunPhase(run);
  if (mine.waiting > 0) return 'waiting';
  if (mine.executing) return 'running';
  return foundRunPhase({ status: run.status });
}

function phaseWords(l10n: Localize, phase: FoundRunPhase, run: FoundRun): string {
  if (phase === 'running') return l10n.t('running');
  if (phase === 'waiting') return l10n.t('waiting for you');
  return phase === 'stopped' ? l10n.t('stopped: {0}', planStatusText(l10n, run.status === 'running' ? 'paused' : run.status)) : planStatusText(l10n, run.status);
}

/** Who runs it: this window, another process, or nobody now (then which door started it). */
function whoText(l10n: Localize, run: FoundRun, mine: WindowRun | undefined): string {
  if (mine?.executing) return l10n.t('this window');
  if (run.holder && !mine) return l10n.t('process {0}', run.holder.pid);
  return run.door === 'editor' ? l10n.t('editor') : l10n.t('CLI or MCP');
}

function runRow(l10n: Localize, run: FoundRun, input: RunsSectionInput): RunRow {
  const mine = input.window.get(run.journalPath);
  const phase = phaseOf(run, mine);
  const live = mine ? mine.executing : run.holder !== undefined && phase !== 'finished';
  const shown = input.shown === run.journalPath;
  const words = phaseWords(l10n, phase, run);
  const progress = l10n.t('{0} of {1} steps', run.ended, run.steps);
  const asks = mine && mine.waiting > 0 ? [mine.waiting === 1 ? l10n.t('1 step asks') : l10n.t('{0} steps ask', mine.waiting)] : [];
  const who = whoText(l10n, run, mine);
  const failed = run.status === 'failed' || run.status === 'cancelled';
  return {
    id: `run:${run.journalPath}`,
    runId: run.runId,
    journalPath: run.journalPath,
    label: shorten(run.goal, 80),
    description: [words, ...asks, progress, who].join(' · '),
    tooltip: [`**${escapeMarkdown(run.goal)}**`, '', l10n.t('Run {0}: {1} · {2} · {3}', run.runId, words, progress, who), '', escapeMarkdown(run.journalPath), '', l10n.t('Click to show it in the Plan view.')].join('\n'),
    iconId: phase === 'finished' && failed ? (run.status === 'failed' ? 'error' : 'close') : phase === 'finished' && run.status === 'undone' ? 'discard' : ICONS[phase],
    ...(phase === 'finished' && run.status === 'succeeded' ? { iconColor: 'testing.iconPassed' } : phase === 'waiting' ? { iconColor: 'notificationsInfoIcon.foreground' } : {}),
    contextValue: ['run', phase, ...(live ? ['live'] : []), ...(shown ? ['shown'] : [])].join(':'),
    accessibilityLabel: l10n.t('Run {0}: {1}, {2}, {3}', run.runId, run.goal, words, who),
  };
}

/** The rows of the Runs view: the runs worth listing (foundRun's listedRuns), this window's always among them. */
export function runsSection(l10n: Localize, input: RunsSectionInput): RunRow[] {
  const listed = listedRuns(input.runs, input.now);
  const kept = new Set(listed.map((run) => run.journalPath));
  const mineLeftOut = input.runs.filter((run) => input.window.has(run.journalPath) && !kept.has(run.journalPath));
  return [...listed, ...mineLeftOut].map((run) => runRow(l10n, run, input));
}

/** The `when` clause of every run row (its context menu's Show Run in the Plan View). */
export const WHEN_RUN_ROW = 'viewItem =~ /^run:/';

/** The `when` clause of the rows Pause and Cancel act on. */
export const WHEN_RUN_LIVE = 'viewItem =~ /^run:[a-z]+:live\\b/';
