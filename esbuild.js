// Bundles the extension (vscode external) and the CLI. `--production` minifies without source maps;
// `--watch` rebuilds on change and reports errors in the form VS Code's $esbuild-watch matcher reads.
const esbuild = require('esbuild');

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

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'silent',
  plugins: watch ? [problemMatcherPlugin] : [],
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
