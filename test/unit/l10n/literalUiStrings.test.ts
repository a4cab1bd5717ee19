// No words reach the editor's UI without the bundle: in src/vscode and src/extension.ts, the text handed to a
// notification (show{Information,Warning,Error}Message), the status bar (setStatusBarMessage), a quick pick or
// input box (placeHolder, prompt, title) or a progress notification (withProgress's title, a report's message)
// is never a string or template literal with words in it: it comes from vscode.l10n.t, or from a value built
// elsewhere. Read with the TypeScript parser, so comments and strings that merely mention these APIs never count.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

/** APIs whose first argument is the text shown. */
const TEXT_FIRST = new Set(['showInformationMessage', 'showWarningMessage', 'showErrorMessage', 'setStatusBarMessage']);
/** APIs taking an options object, and the options that are shown as text. */
const TEXT_OPTIONS: ReadonlyMap<string, readonly string[]> = new Map([
  ['showQuickPick', ['placeHolder', 'title']],
  ['showInputBox', ['placeHolder', 'prompt', 'title']],
  ['withProgress', ['title']],
  ['report', ['message']],
]);

/** Whether `node` is, or picks between, string or template literals with a word in their own text (an icon's `$(name)` is none). */
function hasLiteralWords(node: ts.Expression): boolean {
  const words = (text: string) => /[A-Za-z]{2,}/.test(text.replace(/\$\([\w~-]+\)/g, ' '));
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return words(node.text);
  if (ts.isTemplateExpression(node)) return words([node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ')) || node.templateSpans.some((span) => hasLiteralWords(span.expression));
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return hasLiteralWords(node.expression);
  if (ts.isConditionalExpression(node)) return hasLiteralWords(node.whenTrue) || hasLiteralWords(node.whenFalse);
  if (ts.isBinaryExpression(node)) return hasLiteralWords(node.left) || hasLiteralWords(node.right);
  return false;
}

/** `file:line: api text` for each literal shown text in `source`. */
function literalUiStrings(file: string, source: string): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node, what: string) => found.push(`${file}:${tree.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what} ${node.getText()}`);
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.name.text : ts.isIdentifier(node.expression) ? node.expression.text : '';
      const [first] = node.arguments;
      if (TEXT_FIRST.has(callee) && first && hasLiteralWords(first)) report(first, callee);
      for (const option of TEXT_OPTIONS.get(callee) ?? []) {
        for (const argument of node.arguments.filter(ts.isObjectLiteralExpression)) {
          for (const property of argument.properties) {
            if (ts.isPropertyAssignment(property) && property.name.getText() === option && hasLiteralWords(property.initializer)) report(property.initializer, `${callee} ${option}`);
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

/** Every .ts file under `dir`. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('literal UI strings', () => {
  it('hands the editor no literal text to show in src/vscode and src/extension.ts', () => {
    const files = [...sourceFiles(path.join(ROOT, 'src', 'vscode')), path.join(ROOT, 'src', 'extension.ts')];
    assert.deepEqual(files.flatMap((file) => literalUiStrings(path.relative(ROOT, file), readFileSync(file, 'utf8'))), []);
  });

  it('names the place of each literal it finds', () => {
    const sample = [
      "vscode.window.showErrorMessage('Oops');",
      'window.showWarningMessage(`Run ${id} failed`, vscode.l10n.t(\'Show Log\'));',
      "vscode.window.setStatusBarMessage(done ? 'Finished' : vscode.l10n.t('Running'), 5000);",
      "vscode.window.showInputBox({ title: vscode.l10n.t('Goal'), prompt: 'What should be done?' });",
      "vscode.window.showQuickPick(items, { placeHolder: 'Pick a model' });",
      "vscode.window.withProgress({ location, title: 'Working' }, (progress) => { progress.report({ message: `step ${n}` }); });",
    ].join('\n');
    assert.deepEqual(literalUiStrings('sample.ts', sample), [
      "sample.ts:1: showErrorMessage 'Oops'",
      'sample.ts:2: showWarningMessage `Run ${id} failed`',
      "sample.ts:3: setStatusBarMessage done ? 'Finished' : vscode.l10n.t('Running')",
      "sample.ts:4: showInputBox prompt 'What should be done?'",
      "sample.ts:5: showQuickPick placeHolder 'Pick a model'",
      "sample.ts:6: withProgress title 'Working'",
      'sample.ts:6: report message `step ${n}`',
    ]);
  });

  it('lets localized, computed and wordless texts through', () => {
    const sample = [
      "vscode.window.showErrorMessage(vscode.l10n.t('Oops: {0}', why), vscode.l10n.t('Show Log'));",
      'vscode.window.showInformationMessage(message);',
      'vscode.window.showWarningMessage(`${what}: ${describeError(error)}`);',
      "vscode.window.showInputBox({ title: vscode.l10n.t('Goal'), value: 'draft' });",
      'vscode.window.setStatusBarMessage(`$(error) ${message}`);',
      "// vscode.window.showErrorMessage('in a comment');",
    ].join('\n');
    assert.deepEqual(literalUiStrings('sample.ts', sample), []);
  });
});
