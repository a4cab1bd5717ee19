import * as assert from 'node:assert/strict';
import { DEFAULT_RUN_OPTIONS } from '../../../src/core/run/runOptions';
import { defaultHostSettings, resolveHostSettings, runOptionsFromSettings } from '../../../src/core/hostSettings';
import { optionOverrides, parseRunFlags, type RunFlags } from '../../../src/cli/runFlags';

describe('read and output limits from flags and settings', () => {
  it('--max-read-bytes and --max-output-bytes set the run limits, leaving the others', () => {
    const flags = parseRunFlags(['p.json', '--max-read-bytes', '1048576', '--max-output-bytes=2048'], ['max-read-bytes', 'max-output-bytes']) as RunFlags;
    assert.equal(flags.maxReadBytes, 1_048_576);
    assert.deepEqual(optionOverrides(flags, DEFAULT_RUN_OPTIONS).limits, { ...DEFAULT_RUN_OPTIONS.limits, maxReadBytes: 1_048_576, maxOutputBytes: 2048 });
    assert.equal(optionOverrides(parseRunFlags([], []) as RunFlags, DEFAULT_RUN_OPTIONS).limits, undefined);
  });

  it('refuses a limit that is not a whole number of at least 1024 bytes, saying so', () => {
    assert.deepEqual(parseRunFlags(['--max-read-bytes', '4MB'], ['max-read-bytes']), { error: '--max-read-bytes must be a whole number of bytes, at least 1024, not "4MB"' });
    assert.match((parseRunFlags(['--max-output-bytes', '10'], ['max-output-bytes']) as { error: string }).error, /at least 1024/);
    assert.deepEqual(parseRunFlags(['--max-read-bytes', '4096'], []), { error: 'unknown option --max-read-bytes' });
  });

  it('planwright.maxReadBytes and maxOutputBytes reach the run options; 4 MiB and 64 KiB by default', () => {
    assert.equal(defaultHostSettings().maxReadBytes, 4 * 1024 * 1024);
    assert.equal(DEFAULT_RUN_OPTIONS.limits.maxReadBytes, 4 * 1024 * 1024);
    const { settings, warnings } = resolveHostSettings({ maxReadBytes: { effective: 65_536 }, maxOutputBytes: { effective: 1 } });
    assert.equal(settings.maxReadBytes, 65_536);
    assert.equal(settings.maxOutputBytes, 65_536, 'an invalid value falls back to the default');
    assert.match(warnings.join('\n'), /planwright\.maxOutputBytes/);
    assert.equal(runOptionsFromSettings(settings).limits.maxReadBytes, 65_536);
  });
});

describe('the model-call pool from flags and settings', () => {
  it('--max-model-calls sets the pool and planwright.maxModelCalls reaches the run options; 8 by default', () => {
    const flags = parseRunFlags(['p.json', '--max-model-calls', '2'], ['max-model-calls']) as RunFlags;
    assert.equal(optionOverrides(flags, DEFAULT_RUN_OPTIONS).maxModelCalls, 2);
    assert.deepEqual(parseRunFlags(['--max-model-calls', '0'], ['max-model-calls']), { error: '--max-model-calls must be a whole number of at least 1, not "0"' });
    assert.equal(DEFAULT_RUN_OPTIONS.maxModelCalls, 8);
    const { settings, warnings } = resolveHostSettings({ maxModelCalls: { effective: 3 } });
    assert.deepEqual(warnings, []);
    assert.equal(runOptionsFromSettings(settings).maxModelCalls, 3);
    assert.equal(resolveHostSettings({ maxModelCalls: { effective: 99 } }).settings.maxModelCalls, 8, 'past 32 falls back to the default');
  });
});
