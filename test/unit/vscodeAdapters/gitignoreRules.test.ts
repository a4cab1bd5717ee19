import * as assert from 'node:assert/strict';
import { gitignoreFolder, GitignoreRules } from '../../../src/core/gitignoreRules';

describe('GitignoreRules', () => {
  const rules = new GitignoreRules(
    [
      { folder: '', text: 'dist/\n*.log\n!keep.log\n' },
      { folder: 'lib', text: 'generated.ts\n' },
      { folder: 'lib/vendor', text: '!generated.ts\n' },
    ],
    false,
  );

  it('applies the root rules, negations included', () => {
    assert.equal(rules.isIgnored('debug.log'), true);
    assert.equal(rules.isIgnored('keep.log'), false);
    assert.equal(rules.isIgnored('src/a.ts'), false);
  });

  it('keeps a file in an ignored folder ignored, whatever a rule below says', () => {
    assert.equal(rules.isIgnored('dist/out.js'), true);
    assert.equal(rules.isIgnored('dist/keep.log'), true);
  });

  it('lets a deeper .gitignore override an outer one', () => {
    assert.equal(rules.isIgnored('lib/generated.ts'), true);
    assert.equal(rules.isIgnored('lib/vendor/generated.ts'), false);
    assert.equal(rules.isIgnored('lib/hand.ts'), false);
  });

  it('matches case-insensitively only when asked to', () => {
    const sensitive = new GitignoreRules([{ folder: '', text: 'Build/\n' }], false);
    const insensitive = new GitignoreRules([{ folder: '', text: 'Build/\n' }], true);
    assert.equal(sensitive.isIgnored('build/x.js'), false);
    assert.equal(insensitive.isIgnored('build/x.js'), true);
  });

  it('ignores nothing without rules', () => {
    assert.equal(new GitignoreRules([], false).isIgnored('a/b/c.txt'), false);
  });
});

describe('gitignoreFolder', () => {
  it('names the folder a .gitignore applies to', () => {
    assert.equal(gitignoreFolder('.gitignore'), '');
    assert.equal(gitignoreFolder('lib/.gitignore'), 'lib');
    assert.equal(gitignoreFolder('lib/vendor/.gitignore'), 'lib/vendor');
  });
});
