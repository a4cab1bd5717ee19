// Keeps the layers apart: src/core and src/node never import the editor, core does no I/O, and no layer
// imports one above it (extension.ts → vscode/ → core/ ← node/ ← cli.ts).
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** Node built-ins that touch files, processes, the network, threads or the machine. */
const IO_BUILTINS = [
  'fs', 'fs/promises', 'child_process', 'net', 'http', 'https', 'http2', 'dgram', 'dns', 'dns/promises', 'tls',
  'os', 'worker_threads', 'cluster', 'readline', 'readline/promises', 'inspector', 'repl', 'v8', 'perf_hooks',
];
/** Packages whose whole point is I/O; they belong in src/node. */
const IO_PACKAGES = ['openai', 'tinyglobby'];

/** Every module specifier in a source text: static and type-only imports, re-exports, require() and import(). */
function importedModules(source: string): string[] {
  const withoutComments = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...withoutComments.matchAll(pattern)].map((match) => match[1] ?? ''));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|js|cjs|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** `file: specifier` for every import in `dir` that `forbidden` rejects. */
function violations(dir: string, forbidden: (specifier: string, file: string) => boolean): string[] {
  return sourceFiles(path.join(ROOT, dir)).flatMap((file) =>
    importedModules(readFileSync(file, 'utf8'))
      .filter((specifier) => forbidden(specifier, file))
      .map((specifier) => `${path.relative(ROOT, file)}: ${specifier}`),
  );
}

const bare = (specifier: string) => specifier.replace(/^node:/, '');
const isVscode = (specifier: string) => specifier === 'vscode' || specifier.startsWith('vscode/');
/** Whether a relative import from `file` lands inside the repo folder `layer`. */
const reaches = (specifier: string, file: string, layer: string) =>
  specifier.startsWith('.') && path.resolve(path.dirname(file), specifier).startsWith(path.join(ROOT, layer));

describe('layer boundaries', () => {
  it('src/core never imports vscode, not even types', () => {
    assert.deepEqual(violations('src/core', isVscode), []);
  });

  it('src/node never imports vscode', () => {
    assert.deepEqual(violations('src/node', isVscode), []);
  });

  it('src/core imports no Node built-in that does I/O', () => {
    assert.deepEqual(violations('src/core', (specifier) => IO_BUILTINS.includes(bare(specifier))), []);
  });

  it('src/core imports no I/O package', () => {
    assert.deepEqual(violations('src/core', (specifier) => IO_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`))), []);
  });

  it('src/core imports nothing from src/node, src/vscode or the entry points', () => {
    const upward = (specifier: string, file: string) =>
      ['src/node', 'src/vscode', 'src/extension', 'src/cli'].some((layer) => reaches(specifier, file, layer));
    assert.deepEqual(violations('src/core', upward), []);
  });

  it('src/node imports nothing from src/vscode or the extension', () => {
    const upward = (specifier: string, file: string) =>
      ['src/vscode', 'src/extension'].some((layer) => reaches(specifier, file, layer));
    assert.deepEqual(violations('src/node', upward), []);
  });
});

describe('importedModules', () => {
  it('finds every import form', () => {
    const source = [
      "import * as vscode from 'vscode';",
      "import type { Uri } from 'vscode';",
      "import { type A, B } from './a';",
      "import 'node:fs';",
      "export { c } from '../c';",
      "export * from \"./d\";",
      "const e = require('child_process');",
      "const f = await import('node:net');",
      'import {',
      '  g,',
      "} from 'os';",
    ].join('\n');
    assert.deepEqual(importedModules(source).sort(), ['../c', './a', './d', 'child_process', 'node:fs', 'node:net', 'os', 'vscode', 'vscode'].sort());
  });

  it('ignores imports inside comments', () => {
    assert.deepEqual(importedModules("// import * as vscode from 'vscode';\n/* require('fs') */\nconst x = 1;"), []);
  });
});
