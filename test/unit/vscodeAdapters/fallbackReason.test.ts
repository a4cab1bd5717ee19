// Why a command runs as a child process: English for the log and the step's error as they always read, and every
// word through the Localize port for the terminal that shows the command.
import * as assert from 'node:assert/strict';
import { englishText } from '../../../src/core/text/englishText';
import { forcedFallback, integrationOff, integrationTimedOut, needsEnvironment, type FallbackReason } from '../../../src/vscode/terminal/fallbackReason';
import { bracketed, unlocalized, words } from '../support/bracketedText';

const REASONS: readonly FallbackReason[] = [forcedFallback, integrationOff, needsEnvironment(['ZOB', 'QUX']), integrationTimedOut('Zorblax', 10)];

describe('fallbackReason', () => {
  it('reads in English for the log and the step error', () => {
    assert.deepEqual(
      REASONS.map((reason) => reason(englishText)),
      [
        'the runner is set to use child processes',
        'terminal.integrated.shellIntegration.enabled is off',
        'it needs ZOB, QUX in its environment, which a terminal cannot be given for one command without changing the command line',
        'shell integration did not activate in the Zorblax terminal within 10 s',
      ],
    );
  });

  it('puts every word of the terminal text through the Localize port', () => {
    for (const reason of REASONS) assert.deepEqual(unlocalized(reason(bracketed), words('ZOB', 'QUX', 'Zorblax')), [], reason(englishText));
  });
});
