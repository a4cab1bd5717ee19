// The interactive approval gate: every step that needs the user's decision is a pending request keyed by
// its step id, answered by the Approve / Reject commands (the tree, the preview's title bar) and cancelled as a
// whole when the run is paused, cancelled or the extension deactivates, so no promise ever hangs. A command the
// user's planwright.approvedCommands lists now is approved at once, also in a run that started before it was
// listed (Always Allow This Exact Command… mid-run). The model never answers anything: only the user does.
import * as vscode from 'vscode';
import type { ApprovalAnswer, ApprovalGate, ApprovalRequest } from '../../core/ports';
import { isApprovedCommand } from '../../core/view/approvalPrompt';
import { Disposable } from '../disposableStore';
import { CONTEXT_KEYS } from '../ids';

interface Pending {
  readonly request: ApprovalRequest;
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
  private autoApproval: ((request: ApprovalRequest) => boolean) | undefined;

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
  setAutoApproval(rule: ((request: ApprovalRequest) => boolean) | undefined): void {
    this.autoApproval = rule;
  }

  request(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalAnswer> {
    if (signal.aborted) return Promise.resolve('wait');
    if (this.autoApproval?.(request) || isApprovedCommand(request, this.approvedCommands())) return Promise.resolve('approved');
    this.pending.get(request.stepId)?.resolve('wait');
    return new Promise<ApprovalAnswer>((resolve) => {
      const onAbort = () => this.settle(request.stepId, 'wait');
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(request.stepId, {
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

  /** The open request of `stepId`, if any. */
  get(stepId: string): ApprovalRequest | undefined {
    return this.pending.get(stepId)?.request;
  }

  /** Every open request, oldest first. */
  all(): readonly ApprovalRequest[] {
    return [...this.pending.values()].map((entry) => entry.request);
  }

  /** Answers the request of `stepId`; false when there is none (answered already, or the run stopped). */
  answer(stepId: string, answer: 'approved' | 'rejected'): boolean {
    return this.settle(stepId, answer);
  }

  /**
   * Keeps what the open request of `stepId` shows in step with its preview computed now (an edit whose find text
   * is gone since it asked cannot apply any more), so its row and its preview's banner offer what fits.
   */
  updatePreview(stepId: string, preview: ApprovalRequest['preview']): void {
    const entry = this.pending.get(stepId);
    if (!entry || JSON.stringify(entry.request.preview) === JSON.stringify(preview)) return;
    this.pending.set(stepId, { ...entry, request: { ...entry.request, preview } });
    this.announce([stepId]);
  }

  /** Approves every open request `rule` accepts (read-only steps, or the edits the user saw listed); returns their step ids. */
  approveWhere(rule: (request: ApprovalRequest) => boolean): string[] {
    const chosen = this.all().filter(rule).map((request) => request.stepId);
    for (const stepId of chosen) this.settle(stepId, 'approved');
    return chosen;
  }

  /** Approves every open request that runs exactly `command`; returns their step ids. */
  approveCommand(command: string): string[] {
    const matching = this.all().filter((request) => isApprovedCommand(request, [command])).map((request) => request.stepId);
    for (const stepId of matching) this.settle(stepId, 'approved');
    return matching;
  }

  /** Leaves every open request unanswered ('wait'): the steps stay waiting for the next run. */
  cancelAll(): void {
    for (const stepId of [...this.pending.keys()]) this.settle(stepId, 'wait');
  }

  private settle(stepId: string, answer: ApprovalAnswer): boolean {
    const entry = this.pending.get(stepId);
    if (!entry) return false;
    this.pending.delete(stepId);
    entry.resolve(answer);
    this.announce([stepId]);
    return true;
  }

  private announce(stepIds: readonly string[]): void {
    void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.approvalsPending, this.pending.size > 0);
    this.changed.fire(stepIds);
  }
}
