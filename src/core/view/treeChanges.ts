// Which rows of the plan tree changed between two models, so the view refreshes only those
// (`onDidChangeTreeData(element)`) instead of the whole tree: with 1,000 steps a step's status change
// is one row, not a thousand.
import type { PlanTreeNode } from './planTreeNode';

/** The rows to refresh: `all` when the top-level rows themselves changed, else the ids of changed rows. */
export type TreeChanges = { readonly all: true } | { readonly all: false; readonly ids: readonly string[] };

function sameRow(a: PlanTreeNode, b: PlanTreeNode): boolean {
  return (
    a.label === b.label &&
    a.description === b.description &&
    a.tooltip === b.tooltip &&
    a.iconId === b.iconId &&
    a.iconColor === b.iconColor &&
    a.contextValue === b.contextValue &&
    a.accessibilityLabel === b.accessibilityLabel &&
    (a.children.length > 0) === (b.children.length > 0)
  );
}

function sameChildIds(a: PlanTreeNode, b: PlanTreeNode): boolean {
  if (a.children.length !== b.children.length) return false;
  return a.children.every((child, index) => child.id === b.children[index]?.id);
}

/**
 * The smallest set of rows whose refresh shows `after`: a row whose own fields or whose list of children
 * changed (refreshing it refreshes its subtree, so nothing below it is listed), else the changed rows
 * found below it.
 */
export function treeChanges(before: readonly PlanTreeNode[], after: readonly PlanTreeNode[]): TreeChanges {
  if (before.length !== after.length || before.some((node, index) => node.id !== after[index]?.id)) return { all: true };
  const ids: string[] = [];
  const visit = (a: PlanTreeNode, b: PlanTreeNode): void => {
    if (a === b) return;
    if (!sameRow(a, b) || !sameChildIds(a, b)) {
      ids.push(b.id);
      return;
    }
    b.children.forEach((child, index) => visit(a.children[index]!, child));
  };
  before.forEach((node, index) => visit(node, after[index]!));
  return { all: false, ids };
}
