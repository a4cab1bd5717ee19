// The Planwright view's tree: maps the pure view model (src/core/view/planTreeModel.ts) to TreeItems with
// stable ids, and refreshes only the rows that changed. VS Code identifies an element by the object the
// provider handed out, so each row id gets one lasting handle object; the row's content is looked up by id.
import * as vscode from 'vscode';
import { planTreeModel } from '../../core/view/planTreeModel';
import type { PlanTreeInput, PlanTreeNode } from '../../core/view/planTreeNode';
import { treeChanges } from '../../core/view/treeChanges';
import { Disposable } from '../disposableStore';
import { COMMANDS } from '../ids';

/** An element of the tree: one lasting object per row id. `stepId` names the step a row is about. */
export interface PlanTreeElement {
  readonly id: string;
  readonly kind: PlanTreeNode['kind'];
  readonly stepId?: string;
  /** For a waiting row of another run of the window: that run. */
  readonly runId?: string;
  /** For a replaced step's row: the revision that replaced it. */
  readonly replacedInRevision?: number;
}

/** Rebuilding waits this long so a burst of journal records becomes one refresh. */
const REFRESH_DELAY_MS = 15;

export class PlanTreeProvider extends Disposable implements vscode.TreeDataProvider<PlanTreeElement> {
  private readonly changed = this._register(new vscode.EventEmitter<PlanTreeElement | PlanTreeElement[] | undefined>());
  private roots: readonly PlanTreeNode[] = [];
  private nodes = new Map<string, PlanTreeNode>();
  private parents = new Map<string, string>();
  private readonly handles = new Map<string, PlanTreeElement>();
  private timer: NodeJS.Timeout | undefined;

  readonly onDidChangeTreeData: vscode.Event<PlanTreeElement | PlanTreeElement[] | undefined> = this.changed.event;

  /** `input` says what to show now; `undefined` shows nothing (and the welcome view). */
  constructor(private readonly input: () => PlanTreeInput | undefined) {
    super();
    this._register({ dispose: () => clearTimeout(this.timer) });
  }

  /** Rebuilds the model soon and refreshes the rows that changed. */
  refresh(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.rebuild();
    }, REFRESH_DELAY_MS);
  }

  /** Rebuilds now; resolves once VS Code has been told what changed. */
  rebuild(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const input = this.input();
    const next = input ? planTreeModel(vscode.l10n, input) : [];
    const changes = treeChanges(this.roots, next);
    this.roots = next;
    this.index();
    if (changes.all) this.changed.fire(undefined);
    else if (changes.ids.length > 0) this.changed.fire(changes.ids.map((id) => this.handle(this.nodes.get(id)!)));
  }

  /** The current row of `element`, or `undefined` when it is gone. */
  node(element: PlanTreeElement): PlanTreeNode | undefined {
    return this.nodes.get(element.id);
  }

  /** The element of the row of step `stepId` (not a replaced row), if the tree shows it. */
  stepElement(stepId: string): PlanTreeElement | undefined {
    const node = this.roots.find((root) => root.kind === 'plan')?.children.find((child) => child.kind === 'step' && child.stepId === stepId);
    return node && this.handle(node);
  }

  /** The element of the "Waiting for you" section, while steps wait. */
  waitingElement(): PlanTreeElement | undefined {
    const node = this.roots.find((root) => root.kind === 'waiting');
    return node && this.handle(node);
  }

  /** The top-level rows' elements. */
  rootElements(): PlanTreeElement[] {
    return this.roots.map((node) => this.handle(node));
  }

  getTreeItem(element: PlanTreeElement): vscode.TreeItem {
    const node = this.nodes.get(element.id);
    if (!node) return new vscode.TreeItem('', vscode.TreeItemCollapsibleState.None);
    // The goal row is open even before its first step: VS Code keeps a row that first showed without
    // children closed when children arrive, and a streamed plan's steps arrive after its goal.
    const collapsible =
      node.children.length === 0 && node.kind !== 'plan'
        ? vscode.TreeItemCollapsibleState.None
        : node.expanded
          ? vscode.TreeItemCollapsibleState.Expanded
          : vscode.TreeItemCollapsibleState.Collapsed;
    const item = new vscode.TreeItem(node.label, collapsible);
    item.id = node.id;
    item.description = node.description;
    const tooltip = new vscode.MarkdownString(node.tooltip, true);
    tooltip.isTrusted = false;
    item.tooltip = tooltip;
    item.iconPath = new vscode.ThemeIcon(node.iconId, node.iconColor ? new vscode.ThemeColor(node.iconColor) : undefined);
    item.contextValue = node.contextValue;
    item.accessibilityInformation = { label: node.accessibilityLabel };
    // A waiting row opens what approving it does: the diff, or the exact command.
    if (node.kind === 'waitingStep') item.command = { command: COMMANDS.showStepPreview, title: vscode.l10n.t('Preview Step'), arguments: [node.stepId] };
    return item;
  }

  getChildren(element?: PlanTreeElement): PlanTreeElement[] {
    const children = element ? (this.nodes.get(element.id)?.children ?? []) : this.roots;
    return children.map((node) => this.handle(node));
  }

  getParent(element: PlanTreeElement): PlanTreeElement | undefined {
    const parentId = this.parents.get(element.id);
    const parent = parentId === undefined ? undefined : this.nodes.get(parentId);
    return parent && this.handle(parent);
  }

  private handle(node: PlanTreeNode): PlanTreeElement {
    let handle = this.handles.get(node.id);
    if (!handle) {
      handle = {
        id: node.id,
        kind: node.kind,
        ...(node.stepId !== undefined ? { stepId: node.stepId } : {}),
        ...(node.runId !== undefined ? { runId: node.runId } : {}),
        ...(node.replacedInRevision !== undefined ? { replacedInRevision: node.replacedInRevision } : {}),
      };
      this.handles.set(node.id, handle);
    }
    return handle;
  }

  private index(): void {
    const nodes = new Map<string, PlanTreeNode>();
    const parents = new Map<string, string>();
    const visit = (node: PlanTreeNode, parent?: PlanTreeNode) => {
      nodes.set(node.id, node);
      if (parent) parents.set(node.id, parent.id);
      for (const child of node.children) visit(child, node);
    };
    for (const root of this.roots) visit(root);
    this.nodes = nodes;
    this.parents = parents;
    for (const id of this.handles.keys()) if (!nodes.has(id)) this.handles.delete(id);
  }
}
