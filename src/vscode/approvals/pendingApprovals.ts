// The interactive approval gate: every step that needs the user's decision is a pending request keyed by
// its run and step id, answered by the Approve / Reject commands (the tree, the preview's title bar) and cancelled as a
// whole when its run is paused, cancelled or the extension deactivates, so no promise ever hangs. Each run of the
// window asks through its own gate (`gateOf`), so two runs' steps of the same id are two questions. A command the
// user's planwright.approvedCommands lists now is approved at once, also in a run that started before it was
// listed (Always Allow This Exact Command… mid-run). The model never answers anything: only the user does.
import * as vscode from 'vscode';
import type { ApprovalAnswer, ApprovalGate, ApprovalRequest } from '../../core/ports';
import { approvalKey, type RunApprovalRequest } from '../../core/view/waitingSection';
import { isApprovedCommand } from '../../core/view/approvalPrompt';
import { Disposable } from '../disposableStore';
import { CONTEXT_KEYS } from '../ids';

interface Pending {
  readonly request: RunApprovalRequest;
  readonly resolve: (answer: ApprovalAnswer) => void;
}

/** Who tells the user that a request opened. */
export interface ApprovalNotifier {
  /** Says that `request` (and any others) wait; resolves once the notification is dismissed. */
  notify(request: ApprovalRequest): Promise<void>;
}

export class PendingApprovals extends Disposable implements ApprovalGate {
  private readonly pending = new Map<string, Pending>();
  private readonly changed = this._register(new vscode.EventEmitter<readonly string[]>());
  private notifier: ApprovalNotifier | undefined;
  private autoApproval: ((request: RunApprovalRequest) => boolean) | undefined;
  private shownRun: () => string | undefined = () => undefined;

  /** Fires with the step ids whose request appeared or went away. */
  readonly onDidChange: vscode.Event<readonly string[]> = this.changed.event;

  /** @param approvedCommands the command lines the user's settings approve, read at each request */
  constructor(private readonly approvedCommands: () => readonly string[] = () => []) {
    super();
    // Disposed before the emitter: no promise is left hanging, and the views hear that the requests went.
    this._register({ dispose: () => this.cancelAll() });
  }

  /** Who shows a notification for each new request (none in tests that answer through commands only). */
  setNotifier(notifier: ApprovalNotifier | undefined): void {
    this.notifier = notifier;
  }

  /** Answers "approved" at once, without opening a question, for each request `rule` accepts (the user's own opt-in). */
  setAutoApproval(rule: ((request: RunApprovalRequest) => boolean) | undefined): void {
    this.autoApproval = rule;
  }

  /** The gate of run `runId`: its questions are labelled with it. */
  gateOf(runId: string): ApprovalGate {
    return { request: (request, signal) => this.request({ ...request, runId }, signal) };
  }

  request(request: RunApprovalRequest, signal: AbortSignal): Promise<ApprovalAnswer> {
    if (signal.aborted) return Promise.resolve('wait');
    if (this.autoApproval?.(request) || isApprovedCommand(request, this.approvedCommands())) return Promise.resolve('approved');
    const key = keyOf(request.stepId, request.runId);
    this.pending.get(key)?.resolve('wait');
    return new Promise<ApprovalAnswer>((resolve) => {
      const onAbort = () => this.settle(key, 'wait');
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(key, {
        request,
        resolve: (answer) => {
          signal.removeEventListener('abort', onAbort);
          resolve(answer);
        },
      });
      this.announce([request.stepId]);
      void this.notifier?.notify(request);
    });
  }

  /** The open request of `stepId` in run `runId` (absent: in the run the window shows, else in any run), if any. */
  get(stepId: string, runId?: string): RunApprovalRequest | undefined {
    return this.pending.get(this.keyFor(stepId, runId))?.request;
  }

  /** Every open request of every run, oldest first. */
  all(): readonly RunApprovalRequest[] {
    return [...this.pending.values()].map((entry) => entry.request);
  }

  /** The open requests of run `runId`, oldest first. */
  ofRun(runId: string | undefined): readonly RunApprovalRequest[] {
    return this.all().filter((request) => request.runId === runId);
  }

  /** Says which run the window shows: a step id without a run means that run's step first. */
  setShownRun(shownRun: () => string | undefined): void {
    this.shownRun = shownRun;
  }

  /** Answers the request of `stepId` (in run `runId`, as `get` finds it); false when there is none (answered already, or the run stopped). */
  answer(stepId: string, answer: 'approved' | 'rejected', runId?: string): boolean {
    return this.settle(this.keyFor(stepId, runId), answer);
  }

  /**
   * Keeps what the open request of `stepId` (in run `runId`, as `get` finds it) shows in step with its preview
   * computed now (an edit whose find text is gone since it asked cannot apply any more), so its row and its
   * preview's banner offer what fits.
   */
  updatePreview(stepId: string, preview: ApprovalRequest['preview'], runId?: string): void {
    const key = this.keyFor(stepId, runId);
    const entry = this.pending.get(key);
    if (!entry || JSON.stringify(entry.request.preview) === JSON.stringify(preview)) return;
    this.pending.set(key, { ...entry, request: { ...entry.request, preview } });
    this.announce([stepId]);
  }

  /** Approves every open request `rule` accepts (read-only steps, or the edits the user saw listed); returns their step ids. */
  approveWhere(rule: (request: RunApprovalRequest) => boolean): string[] {
    const chosen = this.all().filter(rule);
    for (const request of chosen) this.settle(keyOf(request.stepId, request.runId), 'approved');
    return chosen.map((request) => request.stepId);
  }

  /** Approves every open request that runs exactly `command`; returns their step ids. */
  approveCommand(command: string): string[] {
    const matching = this.all().filter((request) => isApprovedCommand(request, [command]));
    for (const request of matching) this.settle(keyOf(request.stepId, request.runId), 'approved');
    return matching.map((request) => request.stepId);
  }

  /** Leaves every open request unanswered ('wait'): the steps stay waiting for the next run. */
  cancelAll(): void {
    for (const key of [...this.pending.keys()]) this.settle(key, 'wait');
  }

  /** Leaves run `runId`'s open requests unanswered ('wait'), and no other run's. */
  cancelRun(runId: string | undefined): void {
    for (const request of this.ofRun(runId)) this.settle(keyOf(request.stepId, request.runId), 'wait');
  }

  /** The key of `stepId`'s request: in `runId` when given, else in the shown run when it asks there, else the first that asks. */
  private keyFor(stepId: string, runId: string | undefined): string {
    if (runId !== undefined) return keyOf(stepId, runId);
    const shown = keyOf(stepId, this.shownRun());
    if (this.pending.has(shown)) return shown;
    return [...this.pending.keys()].find((key) => this.pending.get(key)?.request.stepId === stepId) ?? keyOf(stepId, undefined);
  }

  private settle(key: string, answer: ApprovalAnswer): boolean {
    const entry = this.pending.get(key);
    if (!entry) return false;
    this.pending.delete(key);
    entry.resolve(answer);
    this.announce([entry.request.stepId]);
    return true;
  }

  private announce(stepIds: readonly string[]): void {
    void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.approvalsPending, this.pending.size > 0);
    this.changed.fire(stepIds);
  }
}

/** The key of a run's step's request. */
function keyOf(stepId: string, runId: string | undefined): string {
  return approvalKey({ stepId, runId });
}
