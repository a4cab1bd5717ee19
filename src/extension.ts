// Composition root: builds the adapters, hands them to core, and owns every disposable. No logic here.
import * as vscode from 'vscode';
import type { Logger } from './core/ports';
import { registerAnswerCommands } from './vscode/approvals/answerCommands';
import { registerApprovalCommands } from './vscode/approvals/approvalCommands';
import { registerBulkApprovals } from './vscode/approvals/bulkApprovals';
import { DiffBanner } from './vscode/approvals/diffBanner';
import { PreviewLens } from './vscode/approvals/previewLens';
import { WaitingFocus } from './vscode/approvals/waitingFocus';
import { registerChatParticipant } from './vscode/chat/chatParticipant';
import { registerPlanwrightTools } from './vscode/chat/planwrightTools';
import { ChatModelFactory } from './vscode/models/chatModelFactory';
import { HostPorts } from './vscode/workspace/hostPorts';
import { LOG_CHANNEL_NAME, PREVIEW_SCHEME } from './vscode/ids';
import { LoadedPlan } from './vscode/plan/loadedPlan';
import { EditorMcpTools } from './vscode/mcp/editorMcpTools';
import { McpServerApprovals } from './vscode/mcp/mcpServerApprovals';
import { registerModelCommands } from './vscode/models/modelCommands';
import { PendingApprovals } from './vscode/approvals/pendingApprovals';
import { registerDoneWhenCommands } from './vscode/plan/doneWhenCommands';
import { registerPlanCommands } from './vscode/plan/planCommands';
import { PlanRevisions } from './vscode/plan/planRevisions';
import { PlanSession } from './vscode/plan/planSession';
import { PlanView } from './vscode/plan/planView';
import { PreviewDocuments } from './vscode/approvals/previewDocuments';
import { EvidencePage } from './vscode/run/evidencePage';
import { RunDocuments } from './vscode/run/runDocuments';
import { registerUndoCommands } from './vscode/run/runUndoCommands';
import { PreviewTabs } from './vscode/approvals/previewTabs';
import { offerResume, registerRunCommands } from './vscode/run/runCommands';
import { RunSet } from './vscode/run/runSet';
import { RunsView } from './vscode/run/runsView';
import { followRunContextKeys } from './vscode/run/runContextKeys';
import { RunStorage } from './vscode/run/runStorage';
import { ApiKeyStore, clearApiKey, promptForApiKey } from './vscode/models/secretStore';
import { SettingsReader } from './vscode/settings';
import { registerStepCommands } from './vscode/plan/stepCommands';
import { StepEditor } from './vscode/plan/stepEditor';
import { WaitingNotice } from './vscode/approvals/waitingNotice';

/**
 * What `activate` returns to the integration tests: the session, its view, the run storage, the secret
 * storage, the evidence report's page, the pending revision and the Runs view. Only in test mode: any extension can read another's exports, and
 * these could approve steps or read the API key.
 */
export interface PlanwrightExports {
  readonly planTree: PlanView['provider'];
  readonly planView: PlanView['treeView'];
  readonly session: PlanSession;
  readonly storage: RunStorage;
  readonly secrets: vscode.SecretStorage;
  readonly evidence: EvidencePage;
  readonly revisions: PlanRevisions;
  readonly runsView: RunsView;
}

export function activate(context: vscode.ExtensionContext): PlanwrightExports | undefined {
  const log = vscode.window.createOutputChannel(LOG_CHANNEL_NAME, { log: true });
  const logger: Logger = { info: (message) => log.info(message), warn: (message) => log.warn(message), error: (message) => log.error(message) };
  const settings = new SettingsReader(logger);
  const keys = new ApiKeyStore(context.secrets);
  const models = new ChatModelFactory(settings, keys, logger);
  const storage = RunStorage.forContext(context);
  const ports = new HostPorts(logger, [storage.folder]);
  const loadedPlan = new LoadedPlan();
  const approvals = new PendingApprovals(() => settings.current.approvedCommands);
  const documents = new RunDocuments(log);
  const mcp = new EditorMcpTools({ settings: () => settings.current, approvals: new McpServerApprovals(context.globalState), log });
  const prepareTools = () => mcp.ensure();
  const runs = new RunSet({
    ports: (folder) => ports.for(folder),
    models: () => models.models(),
    settings: () => settings.current,
    log,
    storage,
    approvals,
    loadedPlan,
    prepareTools: () => mcp.ensure({ ask: false }),
  });
  const session = new PlanSession(loadedPlan, runs, approvals);
  const previews = new PreviewDocuments(() => session.plan);
  const view = new PlanView(session, () => settings.current.prices);
  const runsView = new RunsView(runs, approvals, storage.folder, log);
  approvals.setNotifier(new WaitingNotice(approvals, () => view.treeView.visible, () => view.showWaiting(), vscode.window, vscode.l10n));
  const previewTabs = new PreviewTabs(approvals, previews);
  const previewLens = new PreviewLens(approvals, () => session.plan);
  const editor = new StepEditor(session, log);
  const evidence = new EvidencePage(session, () => settings.current.prices, log);
  const revisions = new PlanRevisions({ session, log, models: () => models.models(), ports: (folder) => ports.for(folder), settings: () => settings.current });
  context.subscriptions.push(
    mcp,
    log,
    settings,
    keys,
    models,
    ports,
    loadedPlan,
    session,
    approvals,
    previews,
    documents,
    previewTabs,
    previewLens,
    new DiffBanner(approvals, () => session.plan),
    runs,
    followRunContextKeys(runs),
    view,
    runsView,
    ...runsView.registerCommands(),
    new WaitingFocus(approvals, view.provider, view.treeView),
    editor,
    evidence,
    revisions,
    vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, previews),
    vscode.languages.registerCodeLensProvider({ scheme: PREVIEW_SCHEME }, previewLens),
    ...registerPlanCommands({ loadedPlan, session, log, models: () => models.models(), settings: () => settings.current, documents, prepareTools }),
    ...registerRunCommands({ session, log, documents, prices: () => settings.current.prices, prepareTools }),
    ...registerUndoCommands({ session, log, documents }),
    ...registerStepCommands({ session, previews, log, ports: (folder) => ports.for(folder), documents }),
    ...registerApprovalCommands({ session, previews, log, ports: (folder) => ports.for(folder) }),
    ...registerBulkApprovals({ session, log }),
    ...registerAnswerCommands({ session, log, treeView: view.treeView, activePreview: () => previewTabs.activeStepId() }),
    ...editor.registerCommands(),
    ...evidence.registerCommands(),
    ...registerDoneWhenCommands({ session, log }),
    ...revisions.registerCommands(),
    ...registerChatParticipant({ session, log, ports: (folder) => ports.for(folder), settings: () => settings.current, revisions }),
    ...registerPlanwrightTools(session),
    ...registerModelCommands({
      settings: () => settings.current,
      keys: { setApiKey: () => promptForApiKey(keys, settings.current), clearApiKey: () => clearApiKey(keys, settings.current) },
      apiKey: (baseUrl) => keys.get(baseUrl),
      log,
    }),
  );
  log.info(`Planwright ${String(context.extension.packageJSON.version)} activated`);
  void offerResume(session, log);
  return context.extensionMode === vscode.ExtensionMode.Test ? { planTree: view.provider, planView: view.treeView, session, storage, secrets: context.secrets, evidence, revisions, runsView } : undefined;
}

export function deactivate(): void {}
