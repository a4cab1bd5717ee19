// Keeps the layers apart: src/core and src/node never import the editor, core does no I/O, and every
// import runs down the table of layers below (docs/architecture.md draws it): a file may import its own
// layer and the layers its row names, nothing else.
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

/** A layer: the files it holds (`dir/` a whole folder, `dir/*` the files directly in it, else one file) and the layers it may import. */
interface Layer {
  readonly holds: readonly string[];
  readonly mayImport: readonly string[];
}

const CORE_BELOW_PLAN = ['core ground', 'tools', 'checks', 'mcp'];
const CORE_BELOW_RUN = [...CORE_BELOW_PLAN, 'plan', 'rules', 'run'];
const CORE = [...CORE_BELOW_RUN, 'executor', 'model roles', 'cost', 'sub-plans', 'fused', 'views of a run', 'host settings', 'doors'];

/** The allowed directions, lowest layer first. A new folder must be given a row before its files pass. */
const LAYERS: Readonly<Record<string, Layer>> = {
  'core ground': { holds: ['src/core/*', 'src/core/text/'], mayImport: [] },
  tools: { holds: ['src/core/tools/'], mayImport: ['core ground'] },
  checks: { holds: ['src/core/checks/'], mayImport: ['core ground', 'tools'] },
  mcp: { holds: ['src/core/mcp/'], mayImport: ['core ground', 'tools', 'checks'] },
  plan: { holds: ['src/core/plan/'], mayImport: CORE_BELOW_PLAN },
  rules: { holds: ['src/core/rules/'], mayImport: ['core ground'] },
  run: { holds: ['src/core/run/'], mayImport: [...CORE_BELOW_PLAN, 'plan'] },
  executor: { holds: ['src/core/executor/'], mayImport: CORE_BELOW_RUN },
  'model roles': { holds: ['src/core/planner/', 'src/core/replanner/', 'src/core/solver/'], mayImport: CORE_BELOW_RUN },
  cost: { holds: ['src/core/cost/'], mayImport: [...CORE_BELOW_RUN, 'executor'] },
  'sub-plans': { holds: ['src/core/subplan/'], mayImport: [...CORE_BELOW_RUN, 'executor', 'model roles'] },
  fused: { holds: ['src/core/fused/'], mayImport: [...CORE_BELOW_RUN, 'executor', 'model roles'] },
  'views of a run': { holds: ['src/core/view/', 'src/core/chat/', 'src/core/undo/'], mayImport: [...CORE_BELOW_RUN, 'cost'] },
  'host settings': { holds: ['src/core/hostSettings.ts', 'src/core/renamedSettings.ts', 'src/core/resumeOverrides.ts'], mayImport: [...CORE_BELOW_RUN, 'cost'] },
  doors: { holds: ['src/core/door/'], mayImport: [...CORE_BELOW_RUN, 'executor', 'model roles', 'cost', 'sub-plans', 'fused', 'views of a run'] },
  node: { holds: ['src/node/'], mayImport: CORE },
  vscode: { holds: ['src/vscode/'], mayImport: [...CORE, 'node'] },
  cli: { holds: ['src/cli/', 'src/cli.ts'], mayImport: [...CORE, 'node'] },
  extension: { holds: ['src/extension.ts'], mayImport: [...CORE, 'node', 'vscode'] },
  bench: { holds: ['bench/'], mayImport: [...CORE, 'node', 'cli'] },
};

/** The layer that holds `file` (a path from the repo root, with `/`), by its most specific entry. */
function layerOf(file: string): string | undefined {
  let best: { name: string; length: number } | undefined;
  for (const [name, layer] of Object.entries(LAYERS)) {
    for (const entry of layer.holds) {
      const held = entry.endsWith('/*')
        ? path.posix.dirname(file) === entry.slice(0, -2)
        : entry.endsWith('/') ? file.startsWith(entry) : file === entry;
      if (held && (!best || entry.length > best.length)) best = { name, length: entry.length };
    }
  }
  return best?.name;
}

/** The repo path a relative import of `file` lands on, without its extension. */
function landing(file: string, specifier: string): string {
  return path.relative(ROOT, path.resolve(path.dirname(file), specifier)).split(path.sep).join('/');
}

/** Every import between layers that the table does not allow, as `file → specifier (layer may not import layer)`. */
function wrongWayImports(): string[] {
  const files = [...sourceFiles(path.join(ROOT, 'src')), ...sourceFiles(path.join(ROOT, 'bench'))];
  return files.flatMap((file) => {
    const from = layerOf(path.relative(ROOT, file).split(path.sep).join('/'));
    if (!from) return [];
    return importedModules(readFileSync(file, 'utf8'))
      .filter((specifier) => specifier.startsWith('.'))
      .flatMap((specifier) => {
        const target = landing(file, specifier);
        const to = layerOf(`${target}.ts`) ?? layerOf(target);
        if (!to || to === from || LAYERS[from]?.mayImport.includes(to)) return [];
        return [`${path.relative(ROOT, file)} → ${specifier} (${from} may not import ${to})`];
      });
  });
}

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

  it('every source file under src/ and bench/ belongs to a layer of the table', () => {
    const files = [...sourceFiles(path.join(ROOT, 'src')), ...sourceFiles(path.join(ROOT, 'bench'))].map((file) => path.relative(ROOT, file).split(path.sep).join('/'));
    assert.deepEqual(files.filter((file) => !layerOf(file)), []);
  });

  it('every import runs the way the table of layers allows', () => {
    assert.deepEqual(wrongWayImports(), []);
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

describe('layerOf', () => {
  it('places a file by its most specific entry of the table', () => {
    assert.equal(layerOf('src/core/ports.ts'), 'core ground');
    assert.equal(layerOf('src/core/text/quote.ts'), 'core ground');
    assert.equal(layerOf('src/core/hostSettings.ts'), 'host settings');
    assert.equal(layerOf('src/core/run/runState.ts'), 'run');
    assert.equal(layerOf('src/cli.ts'), 'cli');
    assert.equal(layerOf('src/vscode/run/runController.ts'), 'vscode');
  });

  it('places no file of a folder the table does not name', () => {
    assert.equal(layerOf('src/core/newFolder/thing.ts'), undefined);
    assert.equal(layerOf('src/other.ts'), undefined);
  });
});
