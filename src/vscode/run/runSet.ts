// The runs of this window: one RunController per run (each with its own lease, claims, journal, approvals and
// undo), and the one the Plan view shows. Opening a plan or a task while the shown run executes leaves that run
// running beside the new one instead of refusing; a run picked in the Runs view is shown (a run another process
// holds is shown read-only, replayed again from its journal as it grows). Pause and Cancel act on one run: this
// window's through its controller, another process's through a stop request beside its journal.
import { stat } from 'node:fs/promises';
import * as vscode from 'vscode';
import type { RunState } from '../../core/run/runState';
import { messageOf } from '../../core/text/errorText';
import { requestStop } from '../../node/stopRequest';
import { Disposable } from '../disposableStore';
import { CONTEXT_KEYS } from '../ids';
import type { LoadedPlanFile } from '../plan/loadedPlan';
import { RunController } from './runController';
import type { RunHost } from './runHost';
import { RunStorage } from './runStorage';

/** How often a shown run that another process holds is replayed from its journal. */
const FOLLOW_MS = 1_000;

/** The window's runs and the shown one; see the file header. */
export class RunSet extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<readonly string[] | undefined>());
  private readonly anyChanged = this._register(new vscode.EventEmitter<void>());
  private readonly controllers = new Map<RunController, { plan: LoadedPlanFile | undefined; readonly listener: vscode.Disposable }>();
  private current: RunController;
  private following: NodeJS.Timeout | undefined;

  /** Fires after every change of the shown run (with the step ids it touched), and with `undefined` when another run is shown. */
  readonly onDidChange: vscode.Event<readonly string[] | undefined> = this.changed.event;
  /** Fires after any change of any run of the window. */
  readonly onDidChangeRuns: vscode.Event<void> = this.anyChanged.event;

  constructor(private readonly host: RunHost) {
    super();
    this.current = this.add();
    host.approvals.setShownRun(() => this.current.runFiles?.runId);
    this._register({ dispose: () => [...this.controllers.keys()].forEach((controller) => this.drop(controller)) });
    this._register({ dispose: () => clearTimeout(this.following) });
  }

  /** The run the Plan view shows. */
  get shown(): RunController {
    return this.current;
  }

  /** Every run of the window, the shown one among them. */
  get all(): readonly RunController[] {
    return [...this.controllers.keys()];
  }

  /** How many runs execute in this window now. */
  get executingCount(): number {
    return this.all.filter((controller) => controller.executing).length;
  }

  /** Makes room for a new plan: a shown run that executes goes on beside it (a new, empty run is shown); otherwise the shown run is forgotten. */
  async leave(): Promise<void> {
    if (!this.current.executing) return this.current.forget();
    this.show(this.add());
  }

  /** Shows the run journalled at `journalPath`: this window's, or replayed from its journal (a run another process holds is followed as it goes). */
  async showJournal(journalPath: string): Promise<void> {
    const mine = this.all.find((controller) => controller.runFiles?.journalPath === journalPath);
    if (mine) return this.show(mine);
    const controller = this.current.executing ? this.add() : this.current;
    this.show(controller);
    await controller.restore(RunStorage.at(journalPath));
    this.follow();
  }

  /** After a reload: shows the workspace's last run of the editor as it was (followed while another process holds it). */
  async restoreLatest(): Promise<RunState | undefined> {
    const restored = await this.current.restore();
    this.follow();
    return restored;
  }

  /** Shows this window's run `runId` (a question's in "Waiting for you"); false when it has none. */
  async showRun(runId: string): Promise<boolean> {
    const journalPath = this.all.find((controller) => controller.runFiles?.runId === runId)?.runFiles?.journalPath;
    if (journalPath) await this.showJournal(journalPath);
    return journalPath !== undefined;
  }

  /** Pauses the run journalled at `journalPath`: this window's through its controller, another process's by a stop request. */
  async pause(journalPath: string): Promise<boolean> {
    const mine = this.all.find((controller) => controller.runFiles?.journalPath === journalPath);
    if (mine) return mine.pause();
    await requestStop(journalPath, 'pause');
    return true;
  }

  /** Cancels the run journalled at `journalPath`, as `pause` does. */
  async cancel(journalPath: string): Promise<boolean> {
    const mine = this.all.find((controller) => controller.runFiles?.journalPath === journalPath);
    if (mine) return mine.cancel();
    await requestStop(journalPath, 'cancel');
    return true;
  }

  private add(): RunController {
    const controller: RunController = new RunController(this.host, (): boolean => this.current === controller);
    const listener = controller.onDidChange((stepIds) => {
      if (controller === this.current) this.changed.fire(stepIds);
      // A run that went on beside the shown one is let go of once it stops (its journal stays listed), after this change is heard.
      else if (!controller.executing) setTimeout(() => controller !== this.current && !controller.executing && this.drop(controller), 0);
      this.anyChanged.fire();
    });
    this.controllers.set(controller, { plan: undefined, listener });
    return controller;
  }

  /** Shows `next` with its plan; the run shown before is kept while it executes, and let go of otherwise (its journal stays listed). */
  private show(next: RunController): void {
    const before = this.current;
    if (before === next) return;
    const kept = this.controllers.get(before);
    if (kept) kept.plan = this.host.loadedPlan.current;
    this.current = next;
    if (!before.executing) this.drop(before);
    void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.runExecuting, next.executing);
    void this.host.loadedPlan.set(this.controllers.get(next)?.plan);
    this.changed.fire(undefined);
    this.anyChanged.fire();
  }

  private drop(controller: RunController): void {
    this.controllers.get(controller)?.listener.dispose();
    this.controllers.delete(controller);
    controller.dispose();
  }

  /** While the shown run is held by another process, replays it from its journal when it changed, looking every FOLLOW_MS. */
  private follow(seen?: string): void {
    clearTimeout(this.following);
    const shown = this.current;
    const files = shown.runFiles;
    if (!files || shown.heldElsewhere === undefined) return;
    this.following = setTimeout(async () => {
      if (this.current !== shown) return;
      const info = await stat(files.journalPath).catch(() => undefined);
      const now = info ? `${info.size}:${info.mtimeMs}` : '';
      if (seen !== undefined && now === seen) return this.follow(seen);
      await shown.restore(files).catch((error: unknown) => this.host.log.warn(`Could not follow run ${files.runId}: ${messageOf(error)}`));
      this.follow(now);
    }, FOLLOW_MS);
  }
}
