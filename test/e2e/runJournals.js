// @ts-check
// The journals the extension wrote for the UI test's runs, read from the user data folder as they stand on disk:
// what the driver checks approvals against and what a stage reads to see which steps a run started.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

/**
 * Every run journal in the workspace storage of `userDataDir`, oldest first (by when it was last written), each
 * with its records; a line being written right now is left out.
 * @param {string} userDataDir @returns {{ file: string, records: any[] }[]}
 */
function runJournals(userDataDir) {
  const storage = path.join(userDataDir, 'User', 'workspaceStorage');
  const folders = fs.existsSync(storage) ? fs.readdirSync(storage).map((name) => path.join(storage, name, 'planwright.planwright', 'runs')) : [];
  return folders
    .filter((folder) => fs.existsSync(folder))
    .flatMap((folder) => fs.readdirSync(folder).filter((name) => name.endsWith('.journal.jsonl')).map((name) => path.join(folder, name)))
    .map((file) => ({ file, written: fs.statSync(file).mtimeMs }))
    .sort((a, b) => a.written - b.written)
    .map(({ file }) => ({ file, records: fs.readFileSync(file, 'utf8').split('\n').filter((line) => line.trim() !== '').flatMap(parsed) }));
}

/** @param {string} line @returns {any[]} */
function parsed(line) {
  try {
    return [JSON.parse(line)];
  } catch {
    return [];
  }
}

/** The records of the journal written last: the run the walk is on. @param {string} userDataDir */
function latestJournal(userDataDir) {
  const journals = runJournals(userDataDir);
  const latest = journals[journals.length - 1];
  if (!latest) throw new Error(`no run journal under ${userDataDir}`);
  return latest;
}

module.exports = { runJournals, latestJournal };
