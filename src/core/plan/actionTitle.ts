// The title a step gets when nobody wrote one: what the call does, in words, and what it acts on. The
// planner is asked for a title on every line; fused actions and lines without a `# title` trailer use
// this one, so the tree reads as a sentence either way ("Edit src/cli.ts", not "editFile src/cli.ts").
import { shorten } from '../text/shorten';

/** The verb of each built-in tool's derived title; another tool (an MCP tool) is named as it is. */
const VERBS: Readonly<Record<string, string>> = {
  readFile: 'Read',
  writeFile: 'Write',
  editFile: 'Edit',
  proposeEdit: 'Change',
  appendFile: 'Append to',
  deleteFile: 'Delete',
  renameFile: 'Rename',
  runCommand: 'Run',
  searchText: 'Search for',
  listFiles: 'List',
  generate: 'Write text:',
  subplan: 'Plan:',
};

/** A short title for a call: `Read src/cli.ts`, `Rename a → b`, `Run npm test`. */
export function actionTitle(tool: string, args: Readonly<Record<string, unknown>>): string {
  const target = args.path ?? (args.from !== undefined ? `${String(args.from)} → ${String(args.to)}` : undefined) ?? args.command ?? args.pattern ?? args.glob ?? args.goal ?? args.instruction;
  const verb = VERBS[tool] ?? tool;
  return target === undefined ? verb : `${verb} ${shorten(String(target), 60)}`;
}
