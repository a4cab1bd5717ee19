import * as assert from 'node:assert/strict';
import { DEFAULT_RUN_OPTIONS } from '../../../src/core/run/runOptions';
import { defaultHostSettings, resolveHostSettings, runOptionsFromSettings } from '../../../src/core/hostSettings';

import { resumeOverrides } from '../../../src/core/resumeOverrides';
describe('resolveHostSettings', () => {
  it('gives every default when nothing is set', () => {
    const { settings, warnings } = resolveHostSettings({});
    assert.deepEqual(settings, defaultHostSettings());
    assert.deepEqual(warnings, []);
    assert.equal(settings.provider, 'openai-compatible');
    assert.equal(settings.maxParallel, 4);
    assert.equal(settings.maxRetries, 2);
    assert.equal(settings.maxReplans, 3);
    assert.equal(settings.autoApprove, 'readOnly');
    assert.deepEqual(settings.approvedCommands, []);
    assert.equal(settings.commandTimeoutMs, 120_000);
    assert.equal(settings.mode, 'split');
    assert.equal(settings.modelTimeoutSeconds, 120);
  });

  it('takes a model timeout of 10 s to an hour and refuses one outside it, naming the setting', () => {
    assert.equal(resolveHostSettings({ modelTimeoutSeconds: { effective: 900 } }).settings.modelTimeoutSeconds, 900);
    const { settings, warnings } = resolveHostSettings({ modelTimeoutSeconds: { effective: 5 } });
    assert.equal(settings.modelTimeoutSeconds, 120);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /planwright\.modelTimeoutSeconds/);
  });

  it('takes valid values as VS Code resolved them, trimming names', () => {
    const { settings, warnings } = resolveHostSettings({
      provider: { effective: 'vscode-lm' },
      plannerModel: { effective: '  gpt-4.1 ' },
      maxParallel: { effective: 16 },
      maxReplans: { effective: 0 },
      mode: { effective: 'auto' },
    });
    assert.deepEqual(warnings, []);
    assert.equal(settings.provider, 'vscode-lm');
    assert.equal(settings.plannerModel, 'gpt-4.1');
    assert.equal(settings.maxParallel, 16);
    assert.equal(settings.maxReplans, 0);
    assert.equal(settings.mode, 'auto');
  });

  it('falls back to the default for an invalid value, with a warning that names the setting', () => {
    const { settings, warnings } = resolveHostSettings({
      maxParallel: { effective: 40 },
      maxRetries: { effective: 1.5 },
      provider: { effective: 'anthropic' },
      commandTimeoutMs: { effective: '60000' },
      approvedCommands: { user: ['npm test', 3] },
      mode: { effective: null },
    });
    assert.equal(settings.maxParallel, 4);
    assert.equal(settings.maxRetries, 2);
    assert.equal(settings.provider, 'openai-compatible');
    assert.equal(settings.commandTimeoutMs, 120_000);
    assert.deepEqual(settings.approvedCommands, []);
    assert.equal(settings.mode, 'split');
    assert.equal(warnings.length, 5, warnings.join('\n'));
    for (const name of ['planwright.maxParallel', 'planwright.maxRetries', 'planwright.provider', 'planwright.commandTimeoutMs', 'planwright.approvedCommands']) {
      assert.ok(warnings.some((warning) => warning.startsWith(`${name}:`) && warning.includes('using the default')), name);
    }
  });

  it('reads baseUrl and approvedCommands from user settings only, and says so when a workspace sets them', () => {
    const { settings, warnings } = resolveHostSettings({
      baseUrl: { effective: 'https://evil.example/v1', user: 'https://api.openai.com/v1', workspace: 'https://evil.example/v1' },
      approvedCommands: { effective: ['rm -rf /'], folder: ['rm -rf /'] },
    });
    assert.equal(settings.baseUrl, 'https://api.openai.com/v1');
    assert.deepEqual(settings.approvedCommands, []);
    assert.equal(warnings.length, 2);
    assert.match(warnings[0] ?? '', /^planwright\.baseUrl is set in workspace or folder settings.*API key/);
    assert.match(warnings[1] ?? '', /^planwright\.approvedCommands .*approve its own commands/);
  });

  it('keeps approved commands exactly as written', () => {
    const { settings } = resolveHostSettings({ approvedCommands: { user: ['npm test', ' npm run lint '] } });
    assert.deepEqual(settings.approvedCommands, ['npm test', ' npm run lint ']);
  });

  it('lets a workspace make autoApprove stricter but never looser', () => {
    const stricter = resolveHostSettings({ autoApprove: { user: 'readOnlyAndIdempotentFileEdits', workspace: 'none' } });
    assert.equal(stricter.settings.autoApprove, 'none');
    assert.deepEqual(stricter.warnings, []);
    const looser = resolveHostSettings({ autoApprove: { workspace: 'readOnlyAndIdempotentFileEdits' } });
    assert.equal(looser.settings.autoApprove, 'readOnly');
    assert.match(looser.warnings[0] ?? '', /^planwright\.autoApprove: .*only make approvals stricter/);
    const folderFirst = resolveHostSettings({ autoApprove: { user: 'readOnlyAndIdempotentFileEdits', workspace: 'none', folder: 'readOnly' } });
    assert.equal(folderFirst.settings.autoApprove, 'readOnly');
    const invalid = resolveHostSettings({ autoApprove: { user: 'none', workspace: 'all' } });
    assert.equal(invalid.settings.autoApprove, 'none');
    assert.equal(invalid.warnings.length, 1);
  });

  it('lets a workspace lower the cost cap but never raise or lift it, and lets only the user allow unpriced models', () => {
    assert.equal(resolveHostSettings({}).settings.maxCost, null);
    const lower = resolveHostSettings({ maxCost: { user: 2, workspace: 0.5 } });
    assert.equal(lower.settings.maxCost, 0.5);
    assert.deepEqual(lower.warnings, []);
    assert.equal(resolveHostSettings({ maxCost: { workspace: 0.5 } }).settings.maxCost, 0.5, 'a workspace may set a cap where the user has none');
    const higher = resolveHostSettings({ maxCost: { user: 1, workspace: 5 } });
    assert.equal(higher.settings.maxCost, 1);
    assert.match(higher.warnings[0] ?? '', /^planwright\.maxCost: the workspace asks for 5, above your 1; a workspace may only lower the cost cap/);
    const invalid = resolveHostSettings({ maxCost: { user: -1 } });
    assert.equal(invalid.settings.maxCost, null);
    assert.match(invalid.warnings[0] ?? '', /^planwright\.maxCost: -1 is not valid/);
    const unpriced = resolveHostSettings({ allowUnpricedModels: { effective: true, workspace: true } });
    assert.equal(unpriced.settings.allowUnpricedModels, false);
    assert.match(unpriced.warnings[0] ?? '', /^planwright\.allowUnpricedModels is set in workspace or folder settings/);
  });

  it('returns a fresh approvedCommands array each time', () => {
    const first = resolveHostSettings({}).settings;
    first.approvedCommands.push('x');
    assert.deepEqual(resolveHostSettings({}).settings.approvedCommands, []);
  });
});

describe('runOptionsFromSettings', () => {
  it('maps the settings onto the run options and keeps the rest', () => {
    const settings = { ...defaultHostSettings(), maxParallel: 2, maxRetries: 0, maxReplans: 5, commandTimeoutMs: 5_000, autoApprove: 'none' as const, approvedCommands: ['npm test'] };
    const options = runOptionsFromSettings(settings);
    assert.equal(options.maxParallel, 2);
    assert.equal(options.maxReplans, 5);
    assert.deepEqual(options.retry, { ...DEFAULT_RUN_OPTIONS.retry, maxRetries: 0 });
    assert.deepEqual(options.limits, { ...DEFAULT_RUN_OPTIONS.limits, commandTimeoutMs: 5_000 });
    assert.deepEqual(options.approval, { autoApprove: 'none', approvedCommands: ['npm test'] });
  });

  it('caps the run at planwright.maxCost, letting unpriced calls through only with planwright.allowUnpricedModels', () => {
    assert.deepEqual(runOptionsFromSettings({ ...defaultHostSettings(), maxCost: 0.5 }).costCap, { maxCost: 0.5 });
    assert.deepEqual(runOptionsFromSettings({ ...defaultHostSettings(), maxCost: 0.5, allowUnpricedModels: true }).costCap, { maxCost: 0.5, allowUnpriced: true });
    assert.equal(runOptionsFromSettings({ ...defaultHostSettings(), allowUnpricedModels: true }).costCap, undefined);
  });

  it('raises, lowers or lifts a resumed run\'s journalled cap as planwright.maxCost now says, and keeps it when unchanged', () => {
    const journalled = { ...DEFAULT_RUN_OPTIONS, costCap: { maxCost: 1 } };
    assert.deepEqual(resumeOverrides({ ...defaultHostSettings(), maxCost: 1 }, journalled), {});
    assert.deepEqual(resumeOverrides({ ...defaultHostSettings(), maxCost: 2 }, journalled), { costCap: { maxCost: 2 } });
    const lifted = resumeOverrides(defaultHostSettings(), journalled);
    assert.ok('costCap' in lifted && lifted.costCap === undefined, JSON.stringify(lifted));
  });

  it('gives the core defaults for the default settings', () => {
    assert.deepEqual(runOptionsFromSettings(defaultHostSettings()), DEFAULT_RUN_OPTIONS);
  });

  it('asks for the model-written summary only when planwright.summary is model, as --summary model does', () => {
    const { settings, warnings } = resolveHostSettings({ summary: { effective: 'model' } });
    assert.deepEqual(warnings, []);
    assert.equal(runOptionsFromSettings(settings).summary, 'model');
    assert.equal(runOptionsFromSettings(defaultHostSettings()).summary, undefined, 'plain leaves the journalled options as they were');
    const odd = resolveHostSettings({ summary: { effective: 'poem' } });
    assert.equal(odd.settings.summary, 'plain');
    assert.match(odd.warnings[0] ?? '', /^planwright\.summary: "poem" is not valid/);
  });
});

describe('planwright.allowScopeGrowth', () => {
  it('is off by default, read from user settings only, and said when a workspace sets it', () => {
    assert.equal(defaultHostSettings().allowScopeGrowth, false);
    const { settings, warnings } = resolveHostSettings({ allowScopeGrowth: { effective: true, workspace: true } });
    assert.equal(settings.allowScopeGrowth, false);
    assert.match(warnings[0] ?? '', /^planwright\.allowScopeGrowth is set in workspace or folder settings.*you never approved/);
    assert.equal(resolveHostSettings({ allowScopeGrowth: { effective: true, user: true } }).settings.allowScopeGrowth, true);
  });

  it('becomes the run option when on, and a run resumed with it off drops the journalled one', () => {
    const on = runOptionsFromSettings({ ...defaultHostSettings(), allowScopeGrowth: true });
    assert.equal(on.approval.allowScopeGrowth, true);
    assert.equal(runOptionsFromSettings(defaultHostSettings(), on).approval.allowScopeGrowth, undefined);
    assert.equal(runOptionsFromSettings(defaultHostSettings()).approval.allowScopeGrowth, undefined);
  });
});
