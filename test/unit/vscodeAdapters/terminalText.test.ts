import * as assert from 'node:assert/strict';
import { cleanTerminalText, finishTerminalText, TerminalTextCleaner } from '../../../src/node/terminalText';

describe('cleanTerminalText', () => {
  it('removes colours, cursor moves and the shell integration markers', () => {
    assert.equal(cleanTerminalText('\u001b]633;C\u0007hello\r\nerr\r\n\u001b[31mred\u001b[0m\r\n'), 'hello\nerr\nred\n');
    assert.equal(cleanTerminalText('\u001b[?25l\u001b[2K\u001b[1Gdone\u001b[?25h'), 'done');
    assert.equal(cleanTerminalText('a\u001b]0;window title\u001b\\b'), 'ab');
    assert.equal(cleanTerminalText('\u001b(Bplain\u001b=\u001b>'), 'plain');
    assert.equal(cleanTerminalText('\u001bP1$r0m\u001b\\text'), 'text');
  });

  it('keeps tabs and applies carriage returns as a terminal shows them', () => {
    assert.equal(cleanTerminalText('a\tb\r\n'), 'a\tb\n');
    assert.equal(cleanTerminalText('progress 10%\rprogress 100%\r\nnext'), 'progress 100%\nnext');
    assert.equal(cleanTerminalText('line\r\r\n'), 'line\n');
  });

  it('drops bells and other control characters, and applies backspaces', () => {
    assert.equal(cleanTerminalText('ding\u0007\u0000!'), 'ding!');
    assert.equal(cleanTerminalText('abc\bd'), 'abd');
  });

  it('keeps the text after a broken CSI sequence', () => {
    assert.equal(cleanTerminalText('\u001b[12\nnext'), '\nnext');
  });

  it('keeps non-ASCII text', () => {
    assert.equal(cleanTerminalText('\u001b[1mgrüße ✔ 日本\u001b[0m'), 'grüße ✔ 日本');
  });
});

describe('TerminalTextCleaner', () => {
  it('holds back an escape sequence split across chunks', () => {
    const cleaner = new TerminalTextCleaner();
    const parts = ['ok \u001b', '[3', '2mgreen\u001b]633;', 'D;0', '\u0007 end\r', '\n'].map((chunk) => cleaner.push(chunk));
    assert.deepEqual(parts, ['ok ', '', 'green', '', ' end\r', '\n']);
    assert.equal(finishTerminalText(parts.join('')), 'ok green end\n');
  });

  it('drops an escape sequence left unfinished at the end', () => {
    const cleaner = new TerminalTextCleaner();
    assert.equal(cleaner.push('text\u001b]633;C'), 'text');
    assert.equal(cleaner.end(), '');
    assert.equal(cleaner.push('more'), 'more');
  });
});
