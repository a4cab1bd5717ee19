// Composition root: builds the adapters, hands them to core, and owns every disposable. No logic here.
import type * as vscode from 'vscode';

export function activate(_context: vscode.ExtensionContext): void {}

export function deactivate(): void {}
