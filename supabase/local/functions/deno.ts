// Where the Deno that runs the edge functions is, and the environment it runs with.
//
// Deno comes from the npm package `deno` (a devDependency, pinned): its binary ships in the
// platform package it depends on (@deno/linux-x64-glibc and the like). The package's postinstall
// only copies that binary next to its launcher, so the stand-in looks the platform package up
// itself and needs no install script.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT_DIR } from '../db.ts';

/** Deno's module and compile cache: git-ignored, shared by every stand-in of this checkout. */
export const DENO_DIR = join(ROOT_DIR, '.cache', 'deno');

function platformPackage(): string | null {
  const cpu = arch();
  if (cpu !== 'x64' && cpu !== 'arm64') return null;
  if (platform() === 'linux') return `@deno/linux-${cpu}-glibc`;
  if (platform() === 'darwin') return `@deno/darwin-${cpu}`;
  if (platform() === 'win32') return `@deno/win32-${cpu}`;
  return null;
}

let found: string | null | undefined;

/**
 * The Deno executable: DENO_BINARY if set, else the one of the `deno` npm package. Null when
 * neither is there (the functions then answer 503 and the log says to run `npm install`).
 */
export function denoBinary(): string | null {
  if (found !== undefined) return found;
  found = null;
  if (process.env.DENO_BINARY) {
    found = existsSync(process.env.DENO_BINARY) ? process.env.DENO_BINARY : null;
    return found;
  }
  const pkg = platformPackage();
  if (!pkg) return found;
  try {
    const require = createRequire(join(ROOT_DIR, 'package.json'));
    // resolved from the deno package, so the platform package it was installed with is the one used
    const launcher = require.resolve('deno/package.json');
    const fromLauncher = createRequire(launcher);
    const exe = join(dirname(fromLauncher.resolve(`${pkg}/package.json`)), platform() === 'win32' ? 'deno.exe' : 'deno');
    if (existsSync(exe)) found = exe;
  } catch {
    found = null;
  }
  return found;
}

/** The variables Deno itself reads; the host script removes them before a function runs. */
export function denoEnv(): Record<string, string> {
  return { DENO_DIR, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' };
}
