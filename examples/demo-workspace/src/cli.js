#!/usr/bin/env node
// tally: prints the line, word and character counts of each file named on the command line.
'use strict';
const fs = require('node:fs');
const { count } = require('./count');

const FLAGS = ['--lines', '--words', '--chars'];

function parseArgs(argv) {
  const options = { lines: false, words: false, chars: false, files: [] };
  for (const arg of argv) {
    if (FLAGS.includes(arg)) options[arg.slice(2)] = true;
    else if (arg.startsWith('--')) throw new Error(`unknown flag ${arg}`);
    else options.files.push(arg);
  }
  if (!options.lines && !options.words && !options.chars) {
    options.lines = options.words = options.chars = true;
  }
  return options;
}

function formatCounts(counts, options) {
  const columns = [];
  if (options.lines) columns.push(counts.lines);
  if (options.words) columns.push(counts.words);
  if (options.chars) columns.push(counts.chars);
  return columns.map((n) => String(n).padStart(7)).join(' ');
}

function main(argv) {
  const options = parseArgs(argv);
  for (const file of options.files) {
    const text = fs.readFileSync(file, 'utf8');
    console.log(`${formatCounts(count(text), options)} ${file}`);
  }
}

if (require.main === module) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(`tally: ${error.message}`);
    process.exitCode = 1;
  }
}

module.exports = { parseArgs, formatCounts };
