// Bundles the extension (vscode external) and the CLI. `--production` minifies without source maps;
// `--watch` rebuilds on change and reports errors in the form VS Code's $esbuild-watch matcher reads.
const esbuild = require('esbuild');
const path = require('path');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** Prints start/end markers and errors so the F5 task knows when a rebuild finished. */
const problemMatcherPlugin = {
  name: 'problem-matcher',
  setup(build) {
    build.onStart(() => console.log('[watch] build started'));
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      console.log('[watch] build finished');
    });
  },
};

/**
 * zod re-exports its 40-odd locales as `z.locales`, and `import { z } from 'zod'` keeps the whole
 * namespace, so every locale is bundled (about 260 KB minified). Nothing here reads `z.locales`; zod's
 * messages stay English (its default, set from `locales/en.js` directly). The bundle keeps only `en`.
 */
const zodEnglishOnlyPlugin = {
  name: 'zod-english-only',
  setup(build) {
    const zodFolder = `${path.sep}node_modules${path.sep}zod${path.sep}`;
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(zodFolder) ? { path: path.join(path.dirname(args.importer), '..', 'locales', 'index.js'), namespace: 'zod-locales' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'silent',
  plugins: watch ? [zodEnglishOnlyPlugin, problemMatcherPlugin] : [zodEnglishOnlyPlugin],
  // Some dependencies ship ESM that reads import.meta.url (fdir, under tinyglobby); in a CommonJS
  // bundle that is undefined, so it is defined from __filename instead.
  define: { 'import.meta.url': 'importMetaUrl' },
};

const importMetaUrlShim = "const importMetaUrl = require('url').pathToFileURL(__filename).href;";

const targets = [
  { ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'], banner: { js: importMetaUrlShim } },
  { ...common, entryPoints: ['src/cli.ts'], outfile: 'dist/cli.js', banner: { js: `#!/usr/bin/env node\n${importMetaUrlShim}` } },
];

async function main() {
  const contexts = await Promise.all(targets.map((options) => esbuild.context(options)));
  if (watch) {
    await Promise.all(contexts.map((context) => context.watch()));
    return;
  }
  const results = await Promise.allSettled(contexts.map((context) => context.rebuild()));
  await Promise.all(contexts.map((context) => context.dispose()));
  if (results.some((result) => result.status === 'rejected')) process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
