// The plan the revise tests comment on (a flag parsed in src/cli.ts, then noted in README), and the planner's
// answer to "use yargs for the flag" on E1: E1 replaced, and a step that writes src/flags.ts (outside the plan's
// scope) added after it.
export const FLAG_PLAN = {
  version: 1,
  goal: 'Add a --verbose flag',
  steps: [
    { id: 'E1', title: 'Parse the flag', tool: 'editFile', args: { path: 'src/cli.ts', edits: [{ find: 'argv', replace: 'parse(argv)' }] }, postcondition: { kind: 'fileContains', path: 'src/cli.ts', text: 'parse(' } },
    { id: 'E2', title: 'Note it in README', tool: 'appendFile', args: { path: 'README.md', content: 'Use --verbose.\n' }, postcondition: { kind: 'fileContains', path: 'README.md', text: 'Use --verbose.' } },
  ],
};

/** The planner's patch for "use yargs for the flag" on E1. */
export const YARGS_PATCH = 'replace E1 editFile {"path": "src/cli.ts", "edits": [{"find": "argv", "replace": "yargs(argv)"}]}\nadd E3 after E1 writeFile {"path": "src/flags.ts", "content": "export {};\\n"}\n';
