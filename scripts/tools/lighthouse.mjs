// Lighthouse as the project's measurements run it (`npm run audit`, `npm run bench:images`): the
// default mobile preset with simulated throttling, in the system Chromium, and the line that says
// what machine the figures come from (they mean nothing without it).
import { execFileSync } from 'node:child_process';
import { cpus, release, type } from 'node:os';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from './chromium.mjs';

/** A headless Chromium for Lighthouse to drive; stop it with `.kill()`. */
export const launchForLighthouse = (chromePath) => launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });

/**
 * One Lighthouse run of `url` in the Chromium on `port`: the raw JSON report and the figures read
 * from it (scores 0–100; LCP, FCP and TBT in ms; bytes as Lighthouse saw them before it stopped).
 */
export async function lighthouseRun(url, { port }) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // a page that failed to load scores nothing worth printing
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const score = (name) => lhr.categories[name].score * 100;
  return {
    report: result.report,
    lighthouse: lhr.lighthouseVersion,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    bytes: lhr.audits['total-byte-weight'].numericValue,
    finalUrl: lhr.finalDisplayedUrl,
  };
}

export const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** What the figures were measured on: cores, CPU model and OS, and the Chromium binary's version. */
export function machineInfo(chromePath) {
  // the user agent reduces the version to 156.0.0.0; the binary says the whole of it
  const chromium = execFileSync(chromePath, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  const machine = `${cpus().length} cores, ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${type()} ${release()}`;
  return { chromium, machine };
}
