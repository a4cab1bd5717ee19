// The end of a run in the editor: sayRunEnd.ts says it (one notification per outcome where one can say it all, the
// files notice with Keep / Undo Run / Show Files beside a failed or cancelled run's), through VS Code's window; here
// each button gets what it does in the editor. Show Summary adds the run's cost per phase under the summary when
// `planwright.prices` prices its models. A run in a git worktree is asked about as well (worktreeEndNotice.ts).
import * as vscode from 'vscode';
import type { ModelPrices } from '../../core/cost/modelPrices';
import type { RunReport } from '../../core/run/runSummary';
import { runCostText, summaryWithCost } from '../../core/view/runCostText';
import { withChildUsage } from '../../core/view/runProgress';
import { COMMANDS } from '../ids';
import type { PlanSession } from '../plan/planSession';
import { showFiles, undoNoticedRun } from './filesChangedSummary';
import type { RunDocuments } from './runDocuments';
import { sayRunEnd, type RunEndPorts } from './sayRunEnd';
import { raiseCapAndResume } from './raiseCostCap';
import { editorWorktreeWindow, offerWorktreeEnd } from './worktreeEndNotice';
import { messageOf } from '../../core/text/errorText';

/** What the end of a run is said with. */
export interface RunEndDeps {
  readonly session: PlanSession;
  readonly log: vscode.LogOutputChannel;
  readonly documents: RunDocuments;
  /** The `planwright.prices` setting, read when the run stops. */
  readonly prices: () => ModelPrices;
}

function editorPorts(deps: RunEndDeps): RunEndPorts {
  return {
    window: vscode.window,
    l10n: vscode.l10n,
    log: deps.log,
    buttons: {
      undoRun: (files) => undoNoticedRun(deps.session, files),
      showFiles: (files) => showFiles(deps, files),
      showSummary: (report) => deps.documents.pages.show(vscode.l10n.t('Run summary'), report.summary),
      showTrace: () => Promise.resolve(vscode.commands.executeCommand(COMMANDS.showTrace)),
      replan: () => Promise.resolve(vscode.commands.executeCommand(COMMANDS.replanRemaining)),
      showLog: () => deps.log.show(true),
      raiseCapAndResume: (suggested) => raiseCapAndResume(suggested),
    },
  };
}

/** Says how the run of `report` stopped, and what it changed. Not awaited: the command resolves when the run stops. */
export function announce(report: RunReport, deps: RunEndDeps): void {
  const state = deps.session.runs.state;
  // Priced now, from this run's calls and its sub-plans': a button may be clicked after the next run started.
  const cost = state ? runCostText(vscode.l10n, withChildUsage(state, deps.session.runs.children.values()), deps.prices()) : undefined;
  void sayRunEnd({ ...report, summary: summaryWithCost(report.summary, cost) }, state, editorPorts(deps));
  // A run in a git worktree also asks what becomes of its changes (planwright.isolation "worktree").
  void offerWorktreeEnd(state, editorWorktreeWindow, deps.log).catch((error: unknown) => deps.log.error(`The run's worktree: ${messageOf(error)}`));
}
