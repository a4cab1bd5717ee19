// Writes l10n/bundle.l10n.json, the English bundle of the extension's runtime strings: every message
// passed to `vscode.l10n.t(...)` in src/, found with the TypeScript parser (so a string in a comment or a
// test never counts). Translators copy it to bundle.l10n.<locale>.json. Run `node scripts/l10nBundle.js`
// after adding or changing a message (CI's unit test fails until the bundle matches the sources);
// `--check` only reports whether it is up to date. A message must be a literal: `l10n.t(variable)` cannot
// be collected, and is reported as an error with its place.
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const ROOT = path.join(__dirname, '..');
const BUNDLE = path.join(ROOT, 'l10n', 'bundle.l10n.json');

/** @param {string} dir @returns {string[]} every .ts file under dir */
function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** @param {ts.Expression} callee @returns {boolean} whether the call is `l10n.t` or `<x>.l10n.t` */
function isL10nT(callee) {
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 't') return false;
  const owner = callee.expression;
  return (ts.isIdentifier(owner) && owner.text === 'l10n') || (ts.isPropertyAccessExpression(owner) && owner.name.text === 'l10n');
}

/**
 * The messages of every `l10n.t` call under src/, sorted, and the calls whose message is not a literal.
 * @param {string} root @returns {{ messages: string[], problems: string[] }}
 */
function collectMessages(root = ROOT) {
  const messages = new Set();
  const problems = [];
  for (const file of sourceFiles(path.join(root, 'src'))) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    /** @param {ts.Node} node */
    const visit = (node) => {
      if (ts.isCallExpression(node) && isL10nT(node.expression)) {
        const [first] = node.arguments;
        if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) messages.add(first.text);
        else {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart());
          problems.push(`${path.relative(root, file)}:${line + 1}: l10n.t needs a literal message to be collected`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { messages: [...messages].sort(), problems };
}

/** @param {string[]} messages @returns {string} the bundle's text: each message mapped to itself */
function bundleText(messages) {
  return `${JSON.stringify(Object.fromEntries(messages.map((message) => [message, message])), null, 2)}\n`;
}

function main() {
  const { messages, problems } = collectMessages();
  for (const problem of problems) console.error(problem);
  const text = bundleText(messages);
  const current = fs.existsSync(BUNDLE) ? fs.readFileSync(BUNDLE, 'utf8') : '';
  if (process.argv.includes('--check')) {
    console.log(current === text ? `${path.relative(ROOT, BUNDLE)} is up to date (${messages.length} messages)` : `${path.relative(ROOT, BUNDLE)} is out of date: run node scripts/l10nBundle.js`);
    process.exit(current === text && problems.length === 0 ? 0 : 1);
  }
  fs.mkdirSync(path.dirname(BUNDLE), { recursive: true });
  fs.writeFileSync(BUNDLE, text);
  console.log(`wrote ${path.relative(ROOT, BUNDLE)}: ${messages.length} messages`);
  if (problems.length > 0) process.exit(1);
}

if (require.main === module) main();

module.exports = { collectMessages, bundleText, BUNDLE };
