// Test-only extension: registers one chat model through VS Code 1.100's proposed model-provider API
// (`vscode.lm.registerChatModelProvider`, proposal `chatProvider`), so the integration tests reach Planwright's
// Language Model API path with no Copilot. It answers each request with the next reply the tests queued and
// records every request's text. Its exports say whether the registration worked, and why not.
'use strict';
const vscode = require('vscode');

/** The model's metadata, as the proposal of VS Code 1.100 takes it. */
const METADATA = {
  vendor: 'planwright-test',
  name: 'Scripted',
  family: 'scripted',
  version: '1',
  maxInputTokens: 200000,
  maxOutputTokens: 20000,
  isDefault: true,
  isUserSelectable: true,
};

/** The text of a request message: its text parts, joined. */
function textOf(message) {
  const content = Array.isArray(message.content) ? message.content : [message.content];
  return content.map((part) => (typeof part === 'string' ? part : typeof part?.value === 'string' ? part.value : '')).join('');
}

function activate(context) {
  const replies = [];
  const requests = [];
  const provider = {
    async provideLanguageModelResponse(messages, _options, extensionId, progress) {
      requests.push({ extensionId, text: messages.map(textOf).join('\n\n') });
      const reply = replies.length > 0 ? replies.shift() : 'No scripted reply is left.';
      // Two pieces, so the caller's streaming path is used.
      const middle = Math.floor(reply.length / 2);
      progress.report({ index: 0, part: new vscode.LanguageModelTextPart(reply.slice(0, middle)) });
      progress.report({ index: 0, part: new vscode.LanguageModelTextPart(reply.slice(middle)) });
    },
    async provideTokenCount(text) {
      return Math.ceil((typeof text === 'string' ? text : textOf(text)).length / 4);
    },
  };
  if (typeof vscode.lm.registerChatModelProvider !== 'function') {
    return { registered: false, error: 'vscode.lm.registerChatModelProvider is not defined in this host', replies, requests };
  }
  try {
    context.subscriptions.push(vscode.lm.registerChatModelProvider('scripted', provider, METADATA));
    return { registered: true, replies, requests };
  } catch (error) {
    return { registered: false, error: error instanceof Error ? error.message : String(error), replies, requests };
  }
}

module.exports = { activate };
