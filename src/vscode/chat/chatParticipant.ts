// The `@planwright` chat participant: `/plan <goal>` plans with the model picked in the chat (through the
// LmChatModel adapter; the planner has no tools, so planning writes nothing) and puts the plan in the tree,
// where it is approved and edited; `/run` runs or resumes it; `/revise [STEP] <comment>` revises the open plan
// through the same reviser as Revise… in the tree (planRevisions.ts), with the chat's model, and answers with
// its review and Apply / Discard; `/status` and `/why` answer from the run's state and evidence; any other question is answered by the chat's model from a compact digest of the run.
// The texts are core's (src/core/chat): what the user reads in the user's language (vscode.l10n), what the
// chat's model reads in English; this file only routes and streams.
import * as vscode from 'vscode';
import { nextActions, type ChatCommand } from '../../core/chat/chatFollowups';
import { runDigest, statusText, stepToExplain, whyText } from '../../core/chat/runDigest';
import type { DoorReport } from '../../core/door/doorReport';
import { renderPlanMarkdown } from '../../core/plan/renderPlanMarkdown';
import { planTask } from '../../core/planner/planTask';
import { summarizeWorkspace } from '../../core/planner/workspaceSummary';
import type { ChatModel } from '../../core/ports';
import { messageOf } from '../../core/text/errorText';
import { CHAT_PARTICIPANT, COMMANDS, VIEWS } from '../ids';
import { LmChatModel } from '../models/lmChatModel';
import type { PlanRevisions } from '../plan/planRevisions';
import type { PlanSession } from '../plan/planSession';
import { reviseTarget } from '../../core/chat/reviseTarget';
import { describeError } from '../userMessages';
import type { RunHost } from '../run/runHost';
import { chatRunView } from './chatRunView';

/** What the participant works with. */
export interface ChatParticipantDeps {
  readonly session: PlanSession;
  readonly log: vscode.LogOutputChannel;
  readonly ports: RunHost['ports'];
  readonly settings: RunHost['settings'];
  readonly revisions: PlanRevisions;
}

/** The parts of a chat request the handler reads (the real `vscode.ChatRequest` has them all). */
export type PlanwrightChatRequest = Pick<vscode.ChatRequest, 'prompt' | 'command' | 'model'>;
/** The parts of the response stream the handler writes (the real `vscode.ChatResponseStream` has them all). */
export type PlanwrightChatStream = Pick<vscode.ChatResponseStream, 'markdown' | 'progress' | 'button'>;

/** The editor's model the user picked in the chat, as core's ChatModel, for every role. */
function chatModelOf(model: vscode.LanguageModelChat): ChatModel {
  const selector = { vendor: model.vendor, id: model.id };
  return new LmChatModel({ planner: selector, worker: selector, justification: vscode.l10n.t('Planwright plans the task you asked @planwright for.') });
}

/** Counts the plan's lines as the model writes them, to show progress. */
function withProgress(model: ChatModel, stream: PlanwrightChatStream): ChatModel {
  return {
    chat: (request, signal) => {
      let lines = 0;
      return model.chat({ ...request, onText: (delta) => {
        request.onText?.(delta);
        const more = delta.split('\n').length - 1;
        if (more === 0) return;
        lines += more;
        stream.progress(lines === 1 ? vscode.l10n.t('Planning: {0} step written…', lines) : vscode.l10n.t('Planning: {0} steps written…', lines));
      } }, signal);
    },
  };
}

async function plan(deps: ChatParticipantDeps, request: PlanwrightChatRequest, stream: PlanwrightChatStream, token: vscode.CancellationToken): Promise<void> {
  const goal = request.prompt.trim();
  if (!goal) {
    stream.markdown(vscode.l10n.t('Say what should be done, e.g. `@planwright /plan add a --verbose flag to the CLI`.'));
    return;
  }
  if (deps.session.runs.executing) {
    stream.markdown(vscode.l10n.t('A run is in progress: pause or cancel it before planning another task.'));
    return;
  }
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) {
    stream.markdown(vscode.l10n.t('Open a folder first: Planwright plans a task inside a workspace folder.'));
    return;
  }
  stream.progress(vscode.l10n.t('Reading the workspace…'));
  const summary = await summarizeWorkspace(deps.ports(folder).workspace, { projectRules: deps.settings().projectRules, goal });
  if (summary.rules && summary.rules.files.length > 0) stream.progress(vscode.l10n.t('Following {0}…', summary.rules.files.map((file) => file.path).join(', ')));
  stream.progress(vscode.l10n.t('Planning with {0}…', request.model.name));
  const abort = new AbortController();
  const cancel = token.onCancellationRequested(() => abort.abort());
  try {
    const planned = await planTask(goal, summary, withProgress(chatModelOf(request.model), stream), abort.signal, { format: deps.settings().planFormat });
    await deps.session.runs.forget();
    deps.session.runs.notePlanUsage(planned.usage);
    // Named in the tree as a plan the planner wrote, until it is saved.
    await deps.session.loadedPlan.set({ source: vscode.l10n.t('new plan'), plan: planned.plan, unsaved: true });
    deps.log.info(`Planned from the chat with ${request.model.name}: ${planned.plan.steps.length} steps`);
    stream.markdown(`${renderPlanMarkdown(vscode.l10n, planned.plan)}\n\n${vscode.l10n.t('The plan is in the Planwright view: review, edit and approve it there. Nothing has run.')}\n`);
    stream.button({ command: `${VIEWS.plan}.focus`, title: vscode.l10n.t('Show in Planwright') });
    stream.button({ command: COMMANDS.runPlan, title: vscode.l10n.t('Run Plan') });
  } catch (error) {
    stream.markdown(vscode.l10n.t('Planning failed: {0}', messageOf(error)));
  } finally {
    cancel.dispose();
  }
}

async function run(deps: ChatParticipantDeps, stream: PlanwrightChatStream): Promise<void> {
  if (!deps.session.plan) {
    stream.markdown(vscode.l10n.t('No plan is open. Plan a task with `/plan <goal>`, or open a plan file in the Planwright view.'));
    return;
  }
  stream.progress(vscode.l10n.t('Running the plan. Steps that change files or run commands wait for your approval in the Planwright view…'));
  const report = await vscode.commands.executeCommand<DoorReport | undefined>(COMMANDS.runPlan);
  stream.markdown(statusText(vscode.l10n, chatRunView(deps.session)));
  if (report?.status === 'succeeded' && report.summary) stream.markdown(`\n\n${report.summary}`);
  stream.button({ command: COMMANDS.showTrace, title: vscode.l10n.t('Show Trace') });
}

async function revise(deps: ChatParticipantDeps, request: PlanwrightChatRequest, stream: PlanwrightChatStream, token: vscode.CancellationToken): Promise<void> {
  const plan = deps.session.plan;
  if (!plan) {
    stream.markdown(vscode.l10n.t('No plan is open. Plan a task with `/plan <goal>`, or open a plan file in the Planwright view.'));
    return;
  }
  const target = reviseTarget(plan, request.prompt);
  if (!target.comment) {
    stream.markdown(vscode.l10n.t('Say what to change, e.g. `@planwright /revise E2 use yargs for the flag`, or without a step for the whole plan.'));
    return;
  }
  stream.progress(target.stepId ? vscode.l10n.t('Revising {0} with {1}…', deps.session.stepName(target.stepId), request.model.name) : vscode.l10n.t('Revising the plan with {0}…', request.model.name));
  const abort = new AbortController();
  const cancel = token.onCancellationRequested(() => abort.abort());
  try {
    const pending = await deps.revisions.propose(target.comment, target.stepId, abort.signal, chatModelOf(request.model));
    stream.markdown(`${pending.markdown}
${vscode.l10n.t('Nothing changes until you apply it.')}
`);
    stream.button({ command: COMMANDS.applyRevision, title: vscode.l10n.t('Apply') });
    stream.button({ command: COMMANDS.discardRevision, title: vscode.l10n.t('Discard') });
  } catch (error) {
    stream.markdown(vscode.l10n.t('Revising failed: {0}', describeError(error, deps.log)));
  } finally {
    cancel.dispose();
  }
}

async function answer(deps: ChatParticipantDeps, request: PlanwrightChatRequest, stream: PlanwrightChatStream, token: vscode.CancellationToken): Promise<void> {
  const view = chatRunView(deps.session);
  if (!view.plan) {
    stream.markdown(vscode.l10n.t('No plan is open, so there is no run to ask about. Plan a task with `/plan <goal>`.'));
    return;
  }
  const messages = [
    // The model reads the digest: English (runDigest), whatever the editor's language.
    vscode.LanguageModelChatMessage.User(
      `You answer questions about a Planwright run from its journal and trace, digested below. Answer only from it; say when it does not tell.\n\n${runDigest(view)}`,
    ),
    vscode.LanguageModelChatMessage.User(request.prompt),
  ];
  try {
    const response = await request.model.sendRequest(messages, {}, token);
    for await (const fragment of response.text) stream.markdown(fragment);
  } catch (error) {
    stream.markdown(`${vscode.l10n.t('The chat model could not answer ({0}). Here is the run as it stands:', messageOf(error))}\n\n${statusText(vscode.l10n, view)}`);
  }
}

/** The handler of `@planwright`; exported so tests can drive it with the real request and response types. */
export function planwrightChatHandler(deps: ChatParticipantDeps) {
  return async (request: PlanwrightChatRequest, _context: unknown, stream: PlanwrightChatStream, token: vscode.CancellationToken): Promise<vscode.ChatResult> => {
    const command = request.command as ChatCommand | undefined;
    switch (command) {
      case 'plan':
        await plan(deps, request, stream, token);
        break;
      case 'run':
        await run(deps, stream);
        break;
      case 'revise':
        await revise(deps, request, stream, token);
        break;
      case 'status':
        stream.markdown(statusText(vscode.l10n, chatRunView(deps.session)));
        break;
      case 'why': {
        const view = chatRunView(deps.session);
        stream.markdown(whyText(vscode.l10n, view, stepToExplain(view, request.prompt)));
        break;
      }
      default:
        await answer(deps, request, stream, token);
    }
    return { metadata: { command: command ?? 'ask' } };
  };
}

/** Creates `@planwright` when the editor has the chat API; the caller owns the returned disposables. */
export function registerChatParticipant(deps: ChatParticipantDeps): vscode.Disposable[] {
  // The chat API is stable since VS Code 1.90; a host without it (some forks) simply gets no participant.
  if (typeof vscode.chat?.createChatParticipant !== 'function') return [];
  const participant = vscode.chat.createChatParticipant(CHAT_PARTICIPANT, planwrightChatHandler(deps));
  participant.iconPath = new vscode.ThemeIcon('checklist');
  participant.followupProvider = {
    provideFollowups: () => nextActions(vscode.l10n, chatRunView(deps.session)).map((action) => ({ prompt: action.prompt, label: action.label, command: action.command })),
  };
  return [participant];
}
