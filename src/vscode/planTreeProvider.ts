// The Planwright view's tree: maps the pure view model (src/core/view/planTreeModel.ts) to TreeItems with
// stable ids. It decides nothing about labels, icons or contextValues itself.
import * as vscode from 'vscode';
import { planTreeModel, type PlanTreeNode } from '../core/view/planTreeModel';
import type { LoadedPlan } from './loadedPlan';

export class PlanTreeProvider implements vscode.TreeDataProvider<PlanTreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<PlanTreeNode | undefined>();
  private readonly subscription: vscode.Disposable;
  private roots: readonly PlanTreeNode[] = [];
  private parents = new Map<string, PlanTreeNode>();

  readonly onDidChangeTreeData: vscode.Event<PlanTreeNode | undefined> = this.changed.event;

  constructor(loadedPlan: LoadedPlan) {
    this.subscription = loadedPlan.onDidChange((file) => {
      this.roots = file ? planTreeModel({ plan: file.plan, source: file.source }) : [];
      this.parents = new Map(this.roots.flatMap((root) => root.children.map((child) => [child.id, root] as const)));
      this.changed.fire(undefined);
    });
  }

  getTreeItem(node: PlanTreeNode): vscode.TreeItem {
    const item = new vscode.TreeItem(
      node.label,
      node.children.length > 0 ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None,
    );
    item.id = node.id;
    item.description = node.description;
    item.tooltip = node.tooltip;
    item.iconPath = new vscode.ThemeIcon(node.iconId);
    item.contextValue = node.contextValue;
    return item;
  }

  getChildren(node?: PlanTreeNode): PlanTreeNode[] {
    return [...(node ? node.children : this.roots)];
  }

  getParent(node: PlanTreeNode): PlanTreeNode | undefined {
    return this.parents.get(node.id);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
