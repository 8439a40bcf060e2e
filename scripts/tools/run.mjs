// Tiny helpers for the project's orchestration scripts.
import { spawn } from 'node:child_process';

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, { env = {}, cwd } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env }, cwd });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(error.message);
      resolve(1);
    });
  });
}

export const npx = (args, options) => run('npx', ['--no-install', ...args], options);

/**
 * Runs a command with its output held back, for commands run side by side: resolves with its exit
 * code and everything it printed (stdout and stderr in the order they came).
 */
export function runQuiet(command, args, { env = {}, cwd } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env }, cwd });
    const out = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => out.push(chunk));
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(out).toString('utf8') }));
    child.on('error', (error) => resolve({ code: 1, output: `${error.message}\n` }));
  });
}
