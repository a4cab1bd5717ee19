import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CHAT_COMMANDS } from '../../../src/core/chat/chatFollowups';
import { CHAT_PARTICIPANT } from '../../../src/vscode/ids';

interface Manifest {
  readonly contributes: { readonly chatParticipants: readonly { readonly id: string; readonly name: string; readonly commands: readonly { readonly name: string }[] }[] };
}

const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '../../../../package.json'), 'utf8')) as Manifest;

describe('package.json chat participant', () => {
  it('contributes @planwright with the id in ids.ts and exactly the slash commands the handler routes', () => {
    const participants = manifest.contributes.chatParticipants;
    assert.deepEqual(participants.map((participant) => [participant.id, participant.name]), [[CHAT_PARTICIPANT, 'planwright']]);
    assert.deepEqual(participants[0]!.commands.map((command) => command.name), [...CHAT_COMMANDS]);
  });
});
