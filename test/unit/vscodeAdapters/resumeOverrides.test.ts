// Resuming a journalled run in the editor: the journal's options stand, and only the settings the user
// changed since override them, the way `planwright resume` treats its flags.
import * as assert from 'node:assert/strict';
import { DEFAULT_RUN_OPTIONS, type RunOptions } from '../../../src/core/run/runOptions';
import { defaultHostSettings, runOptionsFromSettings } from '../../../src/core/hostSettings';
import { resumeOverrides } from '../../../src/core/resumeOverrides';

/** A run started with the default settings, plus options no setting covers. */
const JOURNALLED: RunOptions = {
  ...runOptionsFromSettings(defaultHostSettings()),
  summary: 'model',
  retry: { ...DEFAULT_RUN_OPTIONS.retry, baseDelayMs: 5 },
  limits: { ...DEFAULT_RUN_OPTIONS.limits, maxSearchResults: 17 },
  approval: { ...DEFAULT_RUN_OPTIONS.approval, rerunUnknown: true },
};

describe('resumeOverrides', () => {
  it('overrides nothing when the settings are as they were when the run started', () => {
    assert.deepEqual(resumeOverrides(defaultHostSettings(), JOURNALLED), {});
  });

  it('overrides only the option whose setting the user changed', () => {
    const overrides = resumeOverrides({ ...defaultHostSettings(), maxParallel: 1 }, JOURNALLED);
    assert.deepEqual(overrides, { maxParallel: 1 });
  });

  it('keeps the options no setting covers when a neighbouring setting changes', () => {
    const overrides = resumeOverrides({ ...defaultHostSettings(), maxRetries: 0, maxReadBytes: 128 * 1024, autoApprove: 'none' }, JOURNALLED);
    const resumed = { ...JOURNALLED, ...overrides };
    assert.deepEqual(resumed.retry, { maxRetries: 0, baseDelayMs: 5 });
    assert.equal(resumed.limits.maxSearchResults, 17);
    assert.equal(resumed.limits.maxReadBytes, 128 * 1024);
    assert.deepEqual(resumed.approval, { autoApprove: 'none', approvedCommands: [], rerunUnknown: true });
    assert.equal(resumed.summary, 'model');
    assert.equal(resumed.maxParallel, JOURNALLED.maxParallel);
    assert.deepEqual(Object.keys(overrides).sort(), ['approval', 'limits', 'retry']);
  });
});
