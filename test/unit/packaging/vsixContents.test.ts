// What the .vsix ships, as vsce lists it (the same .vscodeignore and `vsce.dependencies: false` that
// `npm run package` uses): the bundles, media (the walkthrough's too), schemas, docs and bundles of strings
// are in; sources, tests, source maps and build output are out. Also the manifest fields the Marketplace and
// Open VSX show.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { listFiles, PackageManager } from '@vscode/vsce';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;

/**
 * The categories VS Code 1.100 accepts (`EXTENSION_CATEGORIES` in src/vs/platform/extensions/common/extensions.ts);
 * vsce does not check them, the Marketplace refuses others.
 */
const ALLOWED_CATEGORIES = [
  'AI', 'Azure', 'Chat', 'Data Science', 'Debuggers', 'Extension Packs', 'Education', 'Formatters', 'Keymaps', 'Language Packs',
  'Linters', 'Machine Learning', 'Notebooks', 'Programming Languages', 'SCM Providers', 'Snippets', 'Testing', 'Themes', 'Visualization', 'Other',
];

const REQUIRED = [
  'package.json', 'package.nls.json', 'l10n/bundle.l10n.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'dist/extension.js', 'dist/cli.js', 'media/icon.png', 'media/planwright.svg',
];

/** A walkthrough step's media: Markdown, an image (one, or one per theme) or an SVG, as package.json names them. */
interface StepMedia {
  readonly markdown?: string;
  readonly image?: string | Record<string, string>;
  readonly svg?: string;
}

/** Every file the walkthroughs show: each step's Markdown, image (one, or one per theme) or SVG. */
function walkthroughMedia(): string[] {
  const walkthroughs = (manifest.contributes as { walkthroughs?: { steps: { media: StepMedia }[] }[] }).walkthroughs ?? [];
  return walkthroughs.flatMap((walkthrough) =>
    walkthrough.steps.flatMap(({ media }) => [
      ...(typeof media.image === 'string' ? [media.image] : Object.values(media.image ?? {})),
      ...(media.svg ? [media.svg] : []),
      ...(media.markdown ? [media.markdown] : []),
    ]),
  );
}

describe('the packaged .vsix', function () {
  let files: string[] = [];

  before(async function () {
    // vsce walks the tree (node_modules excluded by .vscodeignore); on a loaded machine that takes seconds.
    this.timeout(120_000);
    files = (await listFiles({ cwd: ROOT, packageManager: PackageManager.None })).map((file) => file.split(path.sep).join('/'));
  });

  it('ships the bundles, the icon, the manifest and the documents vsce shows', () => {
    for (const file of REQUIRED) assert.ok(files.includes(file), `${file} is not packaged`);
  });

  it('ships every file the manifest points at', () => {
    const contributes = manifest.contributes as { jsonValidation?: { url: string }[]; viewsContainers?: Record<string, { icon: string }[]> };
    const pointed = [
      ...(contributes.jsonValidation ?? []).map((entry) => entry.url).filter((url) => !/^https?:/.test(url)),
      ...Object.values(contributes.viewsContainers ?? {}).flat().map((entry) => entry.icon),
      ...walkthroughMedia(),
    ].map((file) => file.replace(/^\.\//, ''));
    for (const file of pointed) assert.ok(files.includes(file), `${file} is named in package.json but not packaged`);
  });

  it('reads media from every walkthrough step, so the test above covers the walkthrough', () => {
    const steps = (manifest.contributes as { walkthroughs: { steps: unknown[] }[] }).walkthroughs.flatMap((walkthrough) => walkthrough.steps);
    assert.ok(steps.length > 0 && walkthroughMedia().length >= steps.length);
  });

  it('ships no sources, tests, source maps, build output or local test installs', () => {
    const unwanted = files.filter((file) => /\.map$|\.ts$|\.vsix$|^(src|test|out|scripts|bench|examples|node_modules|\.vscode-test|\.vscode|docs)\//.test(file));
    assert.deepEqual(unwanted, []);
  });

  it('ships only the two bundles from dist', () => {
    assert.deepEqual(files.filter((file) => file.startsWith('dist/')).sort(), ['dist/cli.js', 'dist/extension.js']);
  });
});

describe('the manifest the marketplaces read', () => {
  it('is public, free, and has an icon, a banner, a repository and keywords', () => {
    assert.equal(manifest.private, undefined);
    assert.equal(manifest.pricing, 'Free');
    assert.equal(manifest.icon, 'media/icon.png');
    assert.match((manifest.galleryBanner as { color: string }).color, /^#[0-9a-f]{6}$/i);
    assert.match((manifest.repository as { url: string }).url, /^https:\/\/github\.com\/[\w.-]+\/[\w.-]+\.git$/);
    assert.ok((manifest.keywords as string[]).length > 0 && (manifest.keywords as string[]).length <= 30);
  });

  it('links issues, the home page and Q&A to the repository it names', () => {
    const repository = (manifest.repository as { url: string }).url.replace(/\.git$/, '');
    assert.equal((manifest.bugs as { url: string }).url, `${repository}/issues`);
    assert.equal(manifest.homepage, `${repository}#readme`);
    assert.equal(manifest.qna, 'marketplace');
  });

  it('has what ovsx checks before an upload: publisher, name, version and a license', () => {
    for (const field of ['publisher', 'name', 'version', 'license']) assert.ok(typeof manifest[field] === 'string' && manifest[field] !== '', `${field} is missing`);
  });

  it('names only categories the Marketplace accepts', () => {
    for (const category of manifest.categories as string[]) assert.ok(ALLOWED_CATEGORIES.includes(category), `"${category}" is not a Marketplace category`);
  });

  it('packages with the plain vsce command', () => {
    assert.equal((manifest.scripts as Record<string, string>).package, 'vsce package');
  });
});

describe('media/icon.png', () => {
  it('is a 128 × 128 PNG', () => {
    const png = readFileSync(path.join(ROOT, 'media', 'icon.png'));
    assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [128, 128]);
  });
});
