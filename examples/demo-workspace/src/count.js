// Counting: lines (newline characters, as wc counts them), words (runs of non-space) and characters.
'use strict';

function count(text) {
  return {
    lines: (text.match(/\n/g) || []).length,
    words: text.split(/\s+/).filter(Boolean).length,
    chars: [...text].length,
  };
}

module.exports = { count };
