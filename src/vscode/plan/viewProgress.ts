// The Planwright view's progress bar (and the progress badge VS Code puts on its activity-bar icon meanwhile):
// where a run shows that it works, instead of a notification covering the editor's corner for the whole run.
// What the run is doing is in the view's description and the status bar; Pause and Cancel are the view's title
// buttons and palette commands. Shown and hidden as the view decides (core's showsRunWorking).
import * as vscode from 'vscode';
import { VIEWS } from '../ids';

/** The view's progress bar, on or off; see the file header. */
export class ViewProgress implements vscode.Disposable {
  private end: (() => void) | undefined;

  /** Shows the progress bar when `working`, hides it otherwise; showing it twice shows it once. */
  show(working: boolean): void {
    if (working === (this.end !== undefined)) return;
    if (!working) return this.dispose();
    void vscode.window.withProgress({ location: { viewId: VIEWS.plan } }, () => new Promise<void>((resolve) => (this.end = resolve)));
  }

  /** Hides the progress bar. */
  dispose(): void {
    this.end?.();
    this.end = undefined;
  }
}
