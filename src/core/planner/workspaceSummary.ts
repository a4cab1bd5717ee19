// A compact picture of the workspace for the planner: the top of the file tree, an excerpt of the
// package manifest, and the files the user has open or selected. Every part is bounded, so a large
// repository costs the planner the same few hundred tokens as a small one.
import type { Workspace } from '../ports';
import { loadProjectRules, pathsNamedIn, type ProjectRules } from '../rules/projectRules';
import { shorten } from '../text/shorten';

/** A file the user has open, with the head of its text when it could be read. */
export interface OpenFileSummary {
  readonly path: string;
  readonly excerpt?: string;
}

/** What the planner is told about the workspace. */
export interface WorkspaceSummary {
  /** Top-level entries: `package.json`, `src/ (12 files: cli.ts, lib/, …)`. */
  readonly tree: readonly string[];
  /** How many files the workspace holds (ignored ones left out). */
  readonly fileCount: number;
  readonly manifest?: { readonly path: string; readonly excerpt: string };
  readonly openFiles: readonly OpenFileSummary[];
  readonly selection?: { readonly path: string; readonly text: string };
  /** The workspace's rules files for the files in play; sent as their own message, not in the summary text. */
  readonly rules?: ProjectRules;
}

/** What the host knows beyond the files: the editor's open files and selection. */
export interface SummaryOptions {
  readonly openFiles?: readonly string[];
  readonly selection?: { readonly path: string; readonly text: string };
  /** Read the project's rules files (AGENTS.md, …) for the prompt; off unless asked for. */
  readonly projectRules?: boolean;
  /** The goal, whose named files count as in play for scoped instructions. */
  readonly goal?: string;
}

/** The bounds of a summary. */
export const SUMMARY_LIMITS = {
  topLevelEntries: 40,
  childrenPerFolder: 8,
  manifestChars: 1_500,
  openFiles: 5,
  openFileChars: 2_000,
  selectionChars: 1_000,
} as const;

/** Manifests in the order they are looked for; the first one found is excerpted. */
const MANIFESTS = ['package.json', 'pyproject.toml', 'Cargo.toml', 'go.mod', 'pom.xml', 'build.gradle', 'build.gradle.kts', 'Gemfile', 'composer.json'];

/** The package.json fields that tell a planner how the project builds, runs and tests. */
const PACKAGE_FIELDS = ['name', 'version', 'type', 'main', 'bin', 'workspaces', 'scripts', 'engines', 'dependencies', 'devDependencies'];

/** Builds the summary of `workspace` through the Workspace port. */
export async function summarizeWorkspace(workspace: Workspace, options: SummaryOptions = {}): Promise<WorkspaceSummary> {
  // The whole listing, not the first N files in sorted order: a capped listing miscounts every folder
  // past the cut and leaves out the later ones altogether.
  const files = await workspace.listAllFiles().catch(() => [] as readonly string[]);
  const manifest = await readManifest(workspace);
  const openFiles: OpenFileSummary[] = [];
  for (const path of (options.openFiles ?? []).slice(0, SUMMARY_LIMITS.openFiles)) {
    const text = await workspace.readFile(path).catch(() => undefined);
    openFiles.push(text === undefined ? { path } : { path, excerpt: shorten(text, SUMMARY_LIMITS.openFileChars) });
  }
  const inPlay = [...(options.openFiles ?? []), ...(options.selection ? [options.selection.path] : []), ...pathsNamedIn(options.goal ?? '')];
  const rules = options.projectRules ? await loadProjectRules(workspace, inPlay) : undefined;
  return {
    tree: topLevelTree(files),
    fileCount: files.length,
    ...(manifest ? { manifest } : {}),
    openFiles,
    ...(options.selection ? { selection: { path: options.selection.path, text: shorten(options.selection.text, SUMMARY_LIMITS.selectionChars) } } : {}),
    ...(rules && (rules.files.length > 0 || rules.omitted.length > 0) ? { rules } : {}),
  };
}

/** Top-level files and folders, each folder with its file count and first few children in sorted order; `files` in any order. */
export function topLevelTree(files: readonly string[]): string[] {
  const folders = new Map<string, { count: number; children: Set<string> }>();
  const topFiles: string[] = [];
  for (const file of files) {
    const [head, next, ...rest] = file.split('/');
    if (next === undefined) {
      topFiles.push(head!);
      continue;
    }
    const folder = folders.get(head!) ?? { count: 0, children: new Set<string>() };
    folder.count++;
    folder.children.add(rest.length > 0 ? `${next}/` : next);
    folders.set(head!, folder);
  }
  const entries = [
    ...[...folders].map(([name, { count, children }]) => {
      const shown = [...children].sort().slice(0, SUMMARY_LIMITS.childrenPerFolder);
      const more = children.size > shown.length ? ', …' : '';
      return `${name}/ (${count} file${count === 1 ? '' : 's'}: ${shown.join(', ')}${more})`;
    }),
    ...topFiles,
  ].sort();
  return entries.length > SUMMARY_LIMITS.topLevelEntries
    ? [...entries.slice(0, SUMMARY_LIMITS.topLevelEntries), `… ${entries.length - SUMMARY_LIMITS.topLevelEntries} more`]
    : entries;
}

async function readManifest(workspace: Workspace): Promise<WorkspaceSummary['manifest']> {
  for (const path of MANIFESTS) {
    const text = await workspace.readFile(path).catch(() => undefined);
    if (text === undefined) continue;
    return { path, excerpt: shorten(path === 'package.json' ? packageExcerpt(text) : text, SUMMARY_LIMITS.manifestChars) };
  }
  return undefined;
}

/** The fields of a package.json that matter for planning; the raw text when it is not valid JSON. */
function packageExcerpt(text: string): string {
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch {
    return text;
  }
  if (manifest === null || typeof manifest !== 'object') return text;
  const picked = Object.fromEntries(PACKAGE_FIELDS.flatMap((field) => (field in manifest ? [[field, (manifest as Record<string, unknown>)[field]]] : [])));
  return JSON.stringify(picked);
}

/** The summary as the text the planner reads. */
export function renderWorkspaceSummary(summary: WorkspaceSummary): string {
  const lines = [`Files (${summary.fileCount} files, top level):`, ...summary.tree.map((entry) => `- ${entry}`)];
  if (summary.manifest) lines.push('', `Manifest ${summary.manifest.path}:`, summary.manifest.excerpt);
  for (const file of summary.openFiles) {
    lines.push('', file.excerpt === undefined ? `Open file ${file.path} (unreadable)` : `Open file ${file.path}:\n<<<\n${file.excerpt}\n>>>`);
  }
  if (summary.selection) lines.push('', `Selected in ${summary.selection.path}:\n<<<\n${summary.selection.text}\n>>>`);
  return lines.join('\n');
}
