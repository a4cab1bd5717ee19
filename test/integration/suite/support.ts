// Helpers for the integration tests: the extension's exports, the workspace folder, tree rows as TreeItems,
// and waiting for a condition that the extension reaches asynchronously.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PlanwrightExports } from '../../../src/extension';
import type { PlanTreeElement } from '../../../src/vscode/plan/planTreeProvider';
import { waitUntil } from '../../../scripts/testing/timeBudget';

export const EXTENSION_ID = 'planwright.planwright';

/** The activated extension's exports (given only to tests: the host runs it in test mode). */
export async function planwright(): Promise<PlanwrightExports> {
  const extension = vscode.extensions.getExtension<PlanwrightExports | undefined>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not installed`);
  const provided = await extension.activate();
  assert.ok(provided, 'the extension hands its exports only to tests (ExtensionMode.Test)');
  return provided;
}

/** A file of the workspace folder the tests run in (a throw-away copy of examples/demo-workspace). */
export function workspaceUri(relative: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the tests need the demo workspace open');
  return vscode.Uri.joinPath(folder.uri, relative);
}

export async function readText(relative: string): Promise<string> {
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(workspaceUri(relative)));
}

/**
 * Polls `condition` every 25 ms until it holds; fails saying `what` once `nominalMs` (an idle machine's budget,
 * scaled to how busy this one is: scripts/testing/timeBudget.ts) has run out.
 */
export function until<T>(what: string, condition: () => T | undefined | false | Promise<T | undefined | false>, nominalMs = 20_000): Promise<T> {
  return waitUntil(what, condition, { nominalMs, intervalMs: 25 });
}

/** The rows under `element` (the top-level plan rows without one), after the tree caught up with every change. */
export async function rows(element?: PlanTreeElement): Promise<{ element: PlanTreeElement; item: vscode.TreeItem }[]> {
  const { planTree } = await planwright();
  planTree.rebuild();
  // The "Waiting for you" section above the plan is read with waitingRows().
  const children = planTree.getChildren(element).filter((child) => element !== undefined || child.kind !== 'waiting');
  return Promise.all(children.map(async (child) => ({ element: child, item: await planTree.getTreeItem(child) })));
}

/** The rows of the "Waiting for you" section (none when no step waits), as the user sees them. */
export async function waitingRows(): Promise<{ element: PlanTreeElement; item: vscode.TreeItem }[]> {
  const { planTree } = await planwright();
  planTree.rebuild();
  const section = planTree.waitingElement();
  if (!section) return [];
  return Promise.all(planTree.getChildren(section).map(async (child) => ({ element: child, item: await planTree.getTreeItem(child) })));
}

/** The step rows (not replaced or detail rows) of the plan, in order. */
export async function stepRows(): Promise<{ element: PlanTreeElement; item: vscode.TreeItem }[]> {
  const [root] = await rows();
  assert.ok(root, 'the tree shows no plan');
  return (await rows(root.element)).filter((row) => row.element.kind === 'step');
}

/** Sets a `planwright.*` user setting (undefined removes it). */
export async function setUserSetting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('planwright').update(key, value, vscode.ConfigurationTarget.Global);
}
