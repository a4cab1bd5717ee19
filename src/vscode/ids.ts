// Every identifier the extension shares with package.json: commands, views, the view container and context keys.
// test/unit/manifestCommands.test.ts checks this file against the manifest in both directions.

/** Command ids, `planwright.verbNoun`. Each is contributed in package.json and registered exactly once. */
export const COMMANDS = {
  planTask: 'planwright.planTask',
  openPlanFile: 'planwright.openPlanFile',
  /** The Explorer's "Open in Planwright" on a plan file: opens that file, no dialog (so no "…"). */
  openPlanInView: 'planwright.openPlanInView',
  savePlanAs: 'planwright.savePlanAs',
  runPlan: 'planwright.runPlan',
  /** Carries on the run that stopped before its end (paused, cancelled, waiting after a reload). */
  resumeRun: 'planwright.resumeRun',
  /** Runs the plan again as a new run, after the last one ended or was undone. */
  runAgain: 'planwright.runAgain',
  pauseRun: 'planwright.pauseRun',
  cancelRun: 'planwright.cancelRun',
  /** The palette's and the keyboard's Approve Step / Reject Step: the focused or only waiting step, else one picked. */
  approveWaitingStep: 'planwright.approveWaitingStep',
  rejectWaitingStep: 'planwright.rejectWaitingStep',
  approveReadOnly: 'planwright.approveReadOnly',
  approveAllEdits: 'planwright.approveAllEdits',
  approveReadOnlyInRun: 'planwright.approveReadOnlyInRun',
  replanRemaining: 'planwright.replanRemaining',
  showTrace: 'planwright.showTrace',
  /** The Runs view's row click: shows that run in the Plan view (tree-only). */
  showRun: 'planwright.showRun',
  showPlanAsMarkdown: 'planwright.showPlanAsMarkdown',
  configureModel: 'planwright.configureModel',
  setApiKey: 'planwright.setApiKey',
  clearApiKey: 'planwright.clearApiKey',
  showLog: 'planwright.showLog',
  undoRun: 'planwright.undoRun',
  showEvidenceReport: 'planwright.showEvidenceReport',
  copyEvidenceMarkdown: 'planwright.copyEvidenceMarkdown',
  // Tree-only: per-step actions, hidden from the palette.
  approveStep: 'planwright.approveStep',
  rejectStep: 'planwright.rejectStep',
  showStepPreview: 'planwright.showStepPreview',
  alwaysAllowCommand: 'planwright.alwaysAllowCommand',
  editStep: 'planwright.editStep',
  addStepAfter: 'planwright.addStepAfter',
  deleteStep: 'planwright.deleteStep',
  moveStepUp: 'planwright.moveStepUp',
  moveStepDown: 'planwright.moveStepDown',
  retryStep: 'planwright.retryStep',
  undoStep: 'planwright.undoStep',
  showStepOutput: 'planwright.showStepOutput',
  undoToStep: 'planwright.undoToStep',
  // Tree-only: the "Done when" group's and its checks' actions.
  addAcceptanceCheck: 'planwright.addAcceptanceCheck',
  editAcceptanceCheck: 'planwright.editAcceptanceCheck',
  removeAcceptanceCheck: 'planwright.removeAcceptanceCheck',
  // Revise… on the goal row or a step that has not run, and the review page's (and the chat's) Apply and Discard.
  revisePlan: 'planwright.revisePlan',
  applyRevision: 'planwright.applyRevision',
  discardRevision: 'planwright.discardRevision',
} as const;

/** The `@planwright` chat participant, as contributed under `chatParticipants`. */
export const CHAT_PARTICIPANT = 'planwright.chat';

/** Tree views. */
export const VIEWS = {
  plan: 'planwright.plan',
  runs: 'planwright.runs',
} as const;

/** Activity-bar view containers. */
export const VIEW_CONTAINERS = {
  main: 'planwright',
} as const;

/** Context keys, `planwright:camelCase`, set with `setContext` and read in `when` clauses. */
export const CONTEXT_KEYS = {
  planLoaded: 'planwright:planLoaded',
  runExecuting: 'planwright:runExecuting',
  approvalsPending: 'planwright:approvalsPending',
  /** The waiting row's contextValue (`waiting:command:allowable`) of the step the active preview tab shows, or ''. */
  activePreview: 'planwright:activePreview',
  /** A model is set up (the settings build one): the welcome view says so when none is. */
  modelConfigured: 'planwright:modelConfigured',
  /** The run stopped before its end and can be carried on (Resume Run). */
  runResumable: 'planwright:runResumable',
  /** Undo Run has files to put back. */
  runUndoable: 'planwright:runUndoable',
  /** The run ended, or was undone: Run Again starts it afresh. */
  runEnded: 'planwright:runEnded',
  /** A revision from a comment waits for Apply or Discard. */
  revisionPending: 'planwright:revisionPending',
} as const;

/** The URI scheme of the read-only documents that show a step's file before and after (approval diffs). */
export const PREVIEW_SCHEME = 'planwright-preview';

/** The URI scheme of the step documents "Edit Step…" and "Add Step After…" open (named for their step, held in memory). */
export const STEP_DOCUMENT_SCHEME = 'planwright-step';

/** The URI scheme of the read-only documents that show a run's summary and its trace as a timeline. */
export const RUN_DOCUMENT_SCHEME = 'planwright-run';

/** The view type of the evidence report's read-only page, matched by `activeWebviewPanelId` in package.json. */
export const EVIDENCE_VIEW_TYPE = 'planwright.evidence';

/** The view type of a revision's review page (the plan diff with Apply and Discard). */
export const REVISION_VIEW_TYPE = 'planwright.revision';

/** The webview type of a run's read-only pages: its summary and its trace, rendered. */
export const RUN_PAGE_VIEW_TYPE = 'planwright.runPage';

/** The name of the extension's log output channel, and of the terminal commands run in. */
export const LOG_CHANNEL_NAME = 'Planwright';

export type CommandId = (typeof COMMANDS)[keyof typeof COMMANDS];
