// Shared by the adapter integration tests: a scratch folder inside the open workspace, a logger that
// records, an in-memory SecretStorage, and an in-memory file system registered under its own scheme so
// the workspace adapter can be tried on a non-`file:` (virtual) folder.
import * as assert from 'node:assert/strict';
import { mkdirSync, realpathSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { waitUntil } from '../../../scripts/testing/timeBudget';
import type { Logger } from '../../../src/core/ports';

/** The folder the tests were opened on. */
export function workspaceFolder(): vscode.WorkspaceFolder {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the tests need a workspace folder open');
  return folder;
}

/** A fresh folder inside the open workspace (so search covers it), removed by the returned function. */
export function scratchFolder(name: string): { readonly dir: string; readonly remove: () => void } {
  const dir = path.join(realpathSync(workspaceFolder().uri.fsPath), `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`);
  mkdirSync(dir, { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A Logger that keeps what it was told. */
export class RecordingLogger implements Logger {
  readonly lines: string[] = [];
  info(message: string): void {
    this.lines.push(`info: ${message}`);
  }
  warn(message: string): void {
    this.lines.push(`warn: ${message}`);
  }
  error(message: string): void {
    this.lines.push(`error: ${message}`);
  }
  text(): string {
    return this.lines.join('\n');
  }
}

/** SecretStorage in memory, with the same change events. */
export class MemorySecretStorage implements vscode.SecretStorage {
  readonly values = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
  readonly onDidChange = this.changed.event;
  async get(key: string): Promise<string | undefined> {
    return this.values.get(key);
  }
  async store(key: string, value: string): Promise<void> {
    this.values.set(key, value);
    this.changed.fire({ key });
  }
  async delete(key: string): Promise<void> {
    this.values.delete(key);
    this.changed.fire({ key });
  }
}

/** Resolves when `condition` holds, polling; fails once `nominalMs`, scaled to how busy the machine is, has run out. */
export async function waitFor(condition: () => boolean | Promise<boolean>, nominalMs: number, what: string): Promise<void> {
  await waitUntil(what, condition, { nominalMs, intervalMs: 25 });
}

type Entry = { type: vscode.FileType.File; data: Uint8Array; mtime: number } | { type: vscode.FileType.Directory; entries: Map<string, Entry>; mtime: number };

/** A minimal in-memory FileSystemProvider, enough for the Workspace port's operations. */
export class MemoryFileSystem implements vscode.FileSystemProvider {
  private readonly root: Entry = { type: vscode.FileType.Directory, entries: new Map(), mtime: Date.now() };
  private readonly emitter = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.emitter.event;

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    const entry = this.lookup(uri);
    return { type: entry.type, ctime: 0, mtime: entry.mtime, size: entry.type === vscode.FileType.File ? entry.data.length : 0 };
  }

  readDirectory(uri: vscode.Uri): [string, vscode.FileType][] {
    const entry = this.lookup(uri);
    if (entry.type !== vscode.FileType.Directory) throw vscode.FileSystemError.FileNotADirectory(uri);
    return [...entry.entries].map(([name, child]) => [name, child.type]);
  }

  createDirectory(uri: vscode.Uri): void {
    const { parent, name } = this.parentOf(uri);
    const existing = parent.entries.get(name);
    if (existing) throw vscode.FileSystemError.FileExists(uri);
    parent.entries.set(name, { type: vscode.FileType.Directory, entries: new Map(), mtime: Date.now() });
  }

  readFile(uri: vscode.Uri): Uint8Array {
    const entry = this.lookup(uri);
    if (entry.type !== vscode.FileType.File) throw vscode.FileSystemError.FileIsADirectory(uri);
    return entry.data;
  }

  writeFile(uri: vscode.Uri, content: Uint8Array, options: { readonly create: boolean; readonly overwrite: boolean }): void {
    const { parent, name } = this.parentOf(uri);
    const existing = parent.entries.get(name);
    if (existing?.type === vscode.FileType.Directory) throw vscode.FileSystemError.FileIsADirectory(uri);
    if (!existing && !options.create) throw vscode.FileSystemError.FileNotFound(uri);
    if (existing && !options.overwrite) throw vscode.FileSystemError.FileExists(uri);
    parent.entries.set(name, { type: vscode.FileType.File, data: content, mtime: Date.now() });
  }

  delete(uri: vscode.Uri, options: { readonly recursive: boolean }): void {
    const { parent, name } = this.parentOf(uri);
    const existing = parent.entries.get(name);
    if (!existing) throw vscode.FileSystemError.FileNotFound(uri);
    if (existing.type === vscode.FileType.Directory && existing.entries.size > 0 && !options.recursive) throw vscode.FileSystemError.NoPermissions(uri);
    parent.entries.delete(name);
  }

  rename(from: vscode.Uri, to: vscode.Uri, options: { readonly overwrite: boolean }): void {
    const source = this.parentOf(from);
    const entry = source.parent.entries.get(source.name);
    if (!entry) throw vscode.FileSystemError.FileNotFound(from);
    const target = this.parentOf(to);
    if (target.parent.entries.has(target.name) && !options.overwrite) throw vscode.FileSystemError.FileExists(to);
    source.parent.entries.delete(source.name);
    target.parent.entries.set(target.name, entry);
  }

  /** Every file, by path, with its text: to prove nothing else changed. */
  snapshot(): Record<string, string> {
    const files: Record<string, string> = {};
    const walk = (entry: Entry, prefix: string): void => {
      if (entry.type === vscode.FileType.File) files[prefix] = new TextDecoder().decode(entry.data);
      else for (const [name, child] of entry.entries) walk(child, `${prefix}/${name}`);
    };
    walk(this.root, '');
    return files;
  }

  private lookup(uri: vscode.Uri): Entry {
    let entry = this.root;
    for (const name of uri.path.split('/').filter(Boolean)) {
      if (entry.type !== vscode.FileType.Directory) throw vscode.FileSystemError.FileNotADirectory(uri);
      const child = entry.entries.get(name);
      if (!child) throw vscode.FileSystemError.FileNotFound(uri);
      entry = child;
    }
    return entry;
  }

  private parentOf(uri: vscode.Uri): { parent: Extract<Entry, { type: vscode.FileType.Directory }>; name: string } {
    const names = uri.path.split('/').filter(Boolean);
    const name = names.pop();
    if (name === undefined) throw vscode.FileSystemError.NoPermissions(uri);
    const parent = this.lookup(uri.with({ path: `/${names.join('/')}` }));
    if (parent.type !== vscode.FileType.Directory) throw vscode.FileSystemError.FileNotADirectory(uri);
    return { parent, name };
  }
}
