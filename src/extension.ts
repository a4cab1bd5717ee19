// Composition root: builds the adapters, hands them to core, and owns every disposable. No logic here.
import * as vscode from 'vscode';
import type { PlanTreeNode } from './core/view/planTreeModel';
import { LOG_CHANNEL_NAME, VIEWS } from './vscode/ids';
import { LoadedPlan } from './vscode/loadedPlan';
import { registerPlanCommands } from './vscode/planCommands';
import { PlanTreeProvider } from './vscode/planTreeProvider';

/** What `activate` returns (`extension.exports`): the plan tree, so the integration tests can read its rows. */
export interface PlanwrightExports {
  readonly planTree: vscode.TreeDataProvider<PlanTreeNode>;
}

export function activate(context: vscode.ExtensionContext): PlanwrightExports {
  const log = vscode.window.createOutputChannel(LOG_CHANNEL_NAME, { log: true });
  const loadedPlan = new LoadedPlan();
  const planTree = new PlanTreeProvider(loadedPlan);
  context.subscriptions.push(
    log,
    loadedPlan,
    planTree,
    vscode.window.createTreeView(VIEWS.plan, { treeDataProvider: planTree }),
    ...registerPlanCommands({ loadedPlan, log }),
  );
  log.info(`Planwright ${String(context.extension.packageJSON.version)} activated`);
  return { planTree };
}

export function deactivate(): void {}
