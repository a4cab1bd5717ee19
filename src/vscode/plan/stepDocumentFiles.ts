// The files behind the step documents "Edit Step…" and "Add Step After…" open: `planwright-step:/Step 2
// Accept --quiet.json`, held in memory, so the tab and the breadcrumb name the step instead of a folder of
// the extension's storage, and nothing is written to disk. The name ends in `.json` and the scheme matches
// `contributes.jsonValidation`, so the step schema still checks the document as it is typed. VS Code saves a
// document by writing its file here; what the save does to the plan is stepDocumentSaves.ts's.
import * as vscode from 'vscode';
import { Disposable } from '../disposableStore';
import { STEP_DOCUMENT_SCHEME } from '../ids';

interface StepFile {
  readonly data: Uint8Array;
  readonly ctime: number;
  readonly mtime: number;
}

export class StepDocumentFiles extends Disposable implements vscode.FileSystemProvider {
  private readonly files = new Map<string, StepFile>();
  private readonly changed = this._register(new vscode.EventEmitter<vscode.FileChangeEvent[]>());
  readonly onDidChangeFile: vscode.Event<vscode.FileChangeEvent[]> = this.changed.event;

  constructor() {
    super();
    this._register(vscode.workspace.registerFileSystemProvider(STEP_DOCUMENT_SCHEME, this, { isCaseSensitive: true }));
  }

  /** The URI of the step document named `name` (a `.json` file name); slashes in it would make folders, so they go. */
  static uri(name: string): vscode.Uri {
    return vscode.Uri.from({ scheme: STEP_DOCUMENT_SCHEME, path: `/${name.replace(/[\\/]/g, '∕')}` });
  }

  /** Whether a file of that URI is held. */
  has(uri: vscode.Uri): boolean {
    return this.files.has(uri.path);
  }

  /** Forgets the file of `uri` (its document closed). */
  forget(uri: vscode.Uri): void {
    if (this.files.delete(uri.path)) this.changed.fire([{ type: vscode.FileChangeType.Deleted, uri }]);
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    if (uri.path === '/') return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    const file = this.file(uri);
    return { type: vscode.FileType.File, ctime: file.ctime, mtime: file.mtime, size: file.data.byteLength };
  }

  readDirectory(uri: vscode.Uri): [string, vscode.FileType][] {
    if (uri.path !== '/') throw vscode.FileSystemError.FileNotADirectory(uri);
    return [...this.files.keys()].map((key) => [key.slice(1), vscode.FileType.File]);
  }

  createDirectory(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  readFile(uri: vscode.Uri): Uint8Array {
    return this.file(uri).data;
  }

  writeFile(uri: vscode.Uri, content: Uint8Array, options: { readonly create: boolean; readonly overwrite: boolean }): void {
    const old = this.files.get(uri.path);
    if (!old && !options.create) throw vscode.FileSystemError.FileNotFound(uri);
    if (old && !options.overwrite) throw vscode.FileSystemError.FileExists(uri);
    // A save within the same millisecond as the last must still look newer, or VS Code reports a conflict.
    const now = Date.now();
    this.files.set(uri.path, { data: content, ctime: old?.ctime ?? now, mtime: old ? Math.max(now, old.mtime + 1) : now });
    this.changed.fire([{ type: old ? vscode.FileChangeType.Changed : vscode.FileChangeType.Created, uri }]);
  }

  delete(uri: vscode.Uri): void {
    this.file(uri);
    this.forget(uri);
  }

  rename(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  private file(uri: vscode.Uri): StepFile {
    const file = this.files.get(uri.path);
    if (!file) throw vscode.FileSystemError.FileNotFound(uri);
    return file;
  }
}
