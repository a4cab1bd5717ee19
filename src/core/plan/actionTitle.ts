// The title a step gets when nobody wrote one: the tool and what it acts on. Fused actions and compact
// plan lines without a `# title` trailer use it, so the tree reads the same either way.
import { shorten } from '../text/shorten';

/** A short title for a call: `readFile src/cli.ts`, `renameFile a → b`, `runCommand npm test`. */
export function actionTitle(tool: string, args: Readonly<Record<string, unknown>>): string {
  const target = args.path ?? (args.from !== undefined ? `${String(args.from)} → ${String(args.to)}` : undefined) ?? args.command ?? args.pattern ?? args.glob ?? args.instruction;
  return target === undefined ? tool : `${tool} ${shorten(String(target), 60)}`;
}
