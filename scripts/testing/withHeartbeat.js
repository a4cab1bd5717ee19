#!/usr/bin/env node
// @ts-check
// Runs one long, quiet set-up command (npm ci, apt-get install, the code-server install) with its output passed
// through, and prints a heartbeat line every 20 s while it runs: what is happening and for how long, so a slow
// machine never looks hung. Usage: withHeartbeat.js "<what is happening>" -- <command> [args...]
// Exits with the command's exit code (1 when it could not start, 128+n when a signal ended it).
'use strict';
const { spawn } = require('node:child_process');

const INTERVAL_MS = Number(process.env.PLANWRIGHT_HEARTBEAT_MS || 20_000);

function main() {
  const argv = process.argv.slice(2);
  const separator = argv.indexOf('--');
  const what = argv[0];
  const command = separator >= 0 ? argv.slice(separator + 1) : [];
  if (!what || separator !== 1 || command.length === 0) {
    console.error('usage: withHeartbeat.js "<what is happening>" -- <command> [args...]');
    process.exit(1);
  }
  const started = Date.now();
  const elapsed = () => {
    const seconds = Math.round((Date.now() - started) / 1000);
    return seconds < 120 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  };
  console.log(`[${what}] started: ${command.join(' ')}`);
  const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
  const timer = setInterval(() => console.log(`[${what}] still running, ${elapsed()} so far`), INTERVAL_MS);
  const forward = (/** @type {NodeJS.Signals} */ signal) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.once('error', (error) => {
    clearInterval(timer);
    console.error(`[${what}] could not start ${command[0]}: ${error.message}`);
    process.exit(1);
  });
  child.once('exit', (code, signal) => {
    clearInterval(timer);
    const status = signal ? `ended by ${signal}` : code === 0 ? 'done' : `failed with exit code ${code}`;
    console.log(`[${what}] ${status} after ${elapsed()}`);
    process.exit(code ?? (signal ? 128 + (require('node:os').constants.signals[signal] ?? 0) : 1));
  });
}

main();
