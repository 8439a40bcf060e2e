// Finds a Chromium for Playwright: the system one at the usual paths, else Playwright's own if
// installed. Where none exists it says how to get one; on Debian as root it installs the
// `chromium` package itself (set NO_BROWSER_INSTALL=1 to forbid that).
//
// The end-to-end suite runs headless, and takes the headless shell where there is one
// (findHeadlessShell: Debian's `chromium-headless-shell`, the build Playwright itself runs
// headless tests in): the full browser's headless mode spent two to three times its CPU on the
// same pages, on two cores the end-to-end suite's largest cost after the stand-in.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const SYSTEM_PATHS = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
].filter(Boolean);

/** Flags this machine's closed network and root user need. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];

async function playwrightsOwn() {
  try {
    const { chromium } = await import('@playwright/test');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

function systemChromium() {
  return SYSTEM_PATHS.find((p) => existsSync(p)) ?? null;
}

function canInstallWithApt() {
  try {
    return process.getuid?.() === 0 && existsSync('/usr/bin/apt-get') && process.env.NO_BROWSER_INSTALL !== '1';
  } catch {
    return false;
  }
}

export async function findChromium({ install = true } = {}) {
  const found = systemChromium() ?? (await playwrightsOwn());
  if (found) return found;
  if (install && canInstallWithApt()) {
    console.log('No Chromium found: installing the Debian package `chromium` (apt-get)...');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
    const installed = systemChromium();
    if (installed) return installed;
  }
  return null;
}

const HEADLESS_SHELL_PATHS = [process.env.CHROMIUM_HEADLESS_SHELL_PATH, '/usr/bin/chromium-headless-shell'].filter(Boolean);

/** The headless shell for Playwright's headless runs; a full Chromium where there is none. */
export async function findHeadlessShell({ install = true } = {}) {
  const found = () => HEADLESS_SHELL_PATHS.find((p) => existsSync(p));
  if (found()) return found();
  if (install && canInstallWithApt()) {
    console.log('No Chromium headless shell found: installing the Debian package `chromium-headless-shell` (apt-get)...');
    try {
      execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell', { stdio: 'inherit' });
    } catch {
      // not in this distribution's archive: the full browser below does the same, slower
    }
    if (found()) return found();
  }
  return findChromium({ install });
}

export const HOW_TO_GET_CHROMIUM = `No Chromium was found for the end-to-end tests.
Install one of:
  Debian/Ubuntu:  sudo apt-get install chromium
  Fedora:         sudo dnf install chromium
  macOS:          brew install --cask chromium   (or Google Chrome)
  any system:     npx playwright install chromium
or point CHROMIUM_PATH at a Chromium or Chrome binary.`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = await findChromium();
  if (!path) {
    console.error(HOW_TO_GET_CHROMIUM);
    process.exit(1);
  }
  console.log(path);
}
