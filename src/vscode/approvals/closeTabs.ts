// Closing a step's preview tabs so that none outlives its question: the workbench can refuse a close whose tab
// list changed under the call, so the tabs are looked up again after each try and what is still there is closed.
// Takes the tab groups as a small port, so it is tested without VS Code.

/** What closing needs of `vscode.window.tabGroups`. */
export interface TabsPort<Tab> {
  /** Every open tab, as the workbench lists it now. */
  all(): readonly Tab[];
  close(tabs: readonly Tab[]): Thenable<unknown>;
}

/** How many times `closeTabs` looks for the tabs and closes what it finds. */
const CLOSE_ATTEMPTS = 3;

/** Closes every tab `wanted` picks, trying again while the workbench refuses (three tries in all). */
export async function closeTabs<Tab>(tabs: TabsPort<Tab>, wanted: (tab: Tab) => boolean): Promise<void> {
  for (let attempt = 0; attempt < CLOSE_ATTEMPTS; attempt++) {
    const open = tabs.all().filter(wanted);
    if (open.length === 0) return;
    await Promise.resolve(tabs.close(open)).catch(() => undefined);
  }
}
