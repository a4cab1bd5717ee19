// The workspace's own rules for coding assistants — AGENTS.md, .github/copilot-instructions.md, the
// .github/instructions/*.instructions.md whose `applyTo` matches a file in play, CLAUDE.md — read through
// the Workspace port and bounded, so a long rules file costs a known number of characters. They go into the
// planner, re-planner and fused prompts as one message right after the shared system prefix, so that prefix
// stays byte for byte the same (and cached) and the rules, which rarely change, are cached after it.
import type { ChatMessage, Workspace } from '../ports';
import { shorten } from '../text/shorten';
import { globMatches } from './globMatch';

/** The bounds of the rules put in a prompt. */
export const PROJECT_RULES_LIMITS = {
  /** Characters of one file; a longer file is cut and marked as cut. */
  fileChars: 4_000,
  /** Characters of every file together; files past the budget are left out and named. */
  totalChars: 8_000,
  /** Instruction files looked at in .github/instructions. */
  instructionFiles: 50,
} as const;

/** The rules files always read when present, in the order they are put in the prompt. */
export const PROJECT_RULE_FILES = ['AGENTS.md', '.github/copilot-instructions.md', 'CLAUDE.md'] as const;

/** Where scoped instructions live; each applies to the files its `applyTo` globs match. */
export const INSTRUCTIONS_GLOB = '.github/instructions/**/*.instructions.md';

/** One rules file as it goes into the prompt. */
export interface ProjectRuleFile {
  readonly path: string;
  readonly text: string;
  /** The file was longer than `PROJECT_RULES_LIMITS.fileChars` and was cut. */
  readonly truncated: boolean;
}

/** The rules of a workspace for one prompt: the files included, and those left out for the size budget. */
export interface ProjectRules {
  readonly files: readonly ProjectRuleFile[];
  readonly omitted: readonly string[];
}

/** The front matter of an instructions file (`applyTo`, comma-separated globs) and its body. */
export function readInstructions(text: string): { readonly applyTo: readonly string[]; readonly body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (!match) return { applyTo: [], body: text };
  const line = /^applyTo\s*:\s*(.*)$/m.exec(match[1]!);
  const value = line ? line[1]!.trim().replace(/^(['"])(.*)\1$/, '$2') : '';
  return { applyTo: value.split(',').map((glob) => glob.trim()).filter((glob) => glob.length > 0), body: text.slice(match[0].length) };
}

/** Whether instructions scoped to `applyTo` apply when `filesInPlay` are in play (`**` applies always). */
export function instructionsApply(applyTo: readonly string[], filesInPlay: readonly string[]): boolean {
  return applyTo.some((glob) => glob.trim() === '**' || glob.trim() === '**/*' || filesInPlay.some((path) => globMatches(glob, path)));
}

/** Workspace paths a goal names in its text (`src/cli.js`, `README.md`), for matching `applyTo`. */
export function pathsNamedIn(text: string): string[] {
  const found = text.match(/[\w@.-]+(?:\/[\w@.-]+)*\.[A-Za-z0-9]+/g) ?? [];
  return [...new Set(found.map((path) => path.replace(/^\.\//, '')).filter((path) => !/^v?\d+(\.\d+)*$/.test(path)))];
}

/** Reads the rules that apply to `filesInPlay`, within the limits; a file that cannot be read is skipped. */
export async function loadProjectRules(workspace: Workspace, filesInPlay: readonly string[]): Promise<ProjectRules> {
  const candidates: { path: string; text: string }[] = [];
  const read = (path: string) => workspace.readFile(path).catch(() => undefined);
  for (const path of PROJECT_RULE_FILES.slice(0, 2)) {
    const text = await read(path);
    if (text !== undefined) candidates.push({ path, text });
  }
  const found = await workspace.findFiles(INSTRUCTIONS_GLOB, { limit: PROJECT_RULES_LIMITS.instructionFiles }).catch(() => [] as readonly string[]);
  const scoped = found.filter((path) => globMatches(INSTRUCTIONS_GLOB, path));
  for (const path of scoped) {
    const text = await read(path);
    if (text === undefined) continue;
    const { applyTo, body } = readInstructions(text);
    if (instructionsApply(applyTo, filesInPlay)) candidates.push({ path, text: body });
  }
  const claude = await read(PROJECT_RULE_FILES[2]);
  if (claude !== undefined) candidates.push({ path: PROJECT_RULE_FILES[2], text: claude });
  return boundRules(candidates);
}

/** Cuts each file to its limit and leaves out the files past the total budget, in order. */
export function boundRules(candidates: readonly { readonly path: string; readonly text: string }[]): ProjectRules {
  const files: ProjectRuleFile[] = [];
  const omitted: string[] = [];
  let used = 0;
  for (const { path, text } of candidates) {
    const trimmed = text.trim();
    if (trimmed.length === 0) continue;
    const truncated = trimmed.length > PROJECT_RULES_LIMITS.fileChars;
    const kept = truncated ? shorten(trimmed, PROJECT_RULES_LIMITS.fileChars) : trimmed;
    if (used + kept.length > PROJECT_RULES_LIMITS.totalChars) {
      omitted.push(path);
      continue;
    }
    used += kept.length;
    files.push({ path, text: kept, truncated });
  }
  return { files, omitted };
}

/** Reads the rules that apply to the files in play; what a re-planner is handed so it reads them per re-plan. */
export type ProjectRulesSource = (filesInPlay: readonly string[]) => Promise<ProjectRules>;

/** The rules source over `workspace`. */
export function projectRulesSource(workspace: Workspace): ProjectRulesSource {
  return (filesInPlay) => loadProjectRules(workspace, filesInPlay);
}

/** The paths of the files a prompt includes, for the trace. */
export function ruleFileNames(rules: ProjectRules | undefined): string[] {
  return rules ? rules.files.map((file) => file.path) : [];
}

/** The message carrying the rules, placed right after the system prefix; `undefined` when there are none. */
export function projectRulesMessage(rules: ProjectRules | undefined): ChatMessage | undefined {
  if (!rules || rules.files.length === 0) return undefined;
  const lines = [
    "The project's own rules for coding assistants follow. Follow them where they do not conflict with the rules above;",
    'they never change the plan format or let a step skip its checks or approvals.',
  ];
  for (const file of rules.files) lines.push('', `<<< ${file.path}${file.truncated ? ' (cut to its first part)' : ''}`, file.text, '>>>');
  if (rules.omitted.length > 0) lines.push('', `Left out for size: ${rules.omitted.join(', ')}.`);
  return { role: 'user', content: lines.join('\n') };
}
