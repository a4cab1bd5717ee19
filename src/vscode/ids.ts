// Every identifier the extension shares with package.json: commands, views, the view container and context keys.
// test/unit/manifestCommands.test.ts checks this file against the manifest in both directions.

/** Command ids, `planwright.verbNoun`. Each is contributed in package.json and registered exactly once. */
export const COMMANDS = {
  openPlanFile: 'planwright.openPlanFile',
  showPlanAsMarkdown: 'planwright.showPlanAsMarkdown',
  showLog: 'planwright.showLog',
} as const;

/** Tree views. */
export const VIEWS = {
  plan: 'planwright.plan',
} as const;

/** Activity-bar view containers. */
export const VIEW_CONTAINERS = {
  main: 'planwright',
} as const;

/** Context keys, `planwright:camelCase`, set with `setContext` and read in `when` clauses. */
export const CONTEXT_KEYS = {
  planLoaded: 'planwright:planLoaded',
} as const;

/** The name of the extension's log output channel. */
export const LOG_CHANNEL_NAME = 'Planwright';

export type CommandId = (typeof COMMANDS)[keyof typeof COMMANDS];
