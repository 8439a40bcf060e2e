// Keeps a built site's static files in step with the database: fed the content webhook's events
// (targets.mjs decides which addresses each one touches), it re-renders exactly those pages, removes
// the ones that no longer exist, refreshes the category pages when the set of categories changes,
// and rewrites the sitemap and the feed.
//
// Events are gathered for a short moment and handled together (saving a post and publishing it a
// second later is one run), and runs never overlap: events that arrive during a run make the next
// one. A page whose data could not be read is kept as it was and tried again a little later.
import { generateFeeds, isPathSafeCategory } from './feeds.mjs';
import { openSite } from './site.mjs';
import { addTargets, emptyTargets, isEmpty, mergeTargets, parseEvent } from './targets.mjs';

const RETRY_MS = [2000, 5000, 15000];

/**
 * @param {{ out: string, debounceMs?: number, log?: Pick<Console, 'log' | 'warn' | 'error'>,
 *   feeds?: boolean }} options
 */
export function createPublisher({ out, debounceMs = 150, log = console, feeds = true }) {
  let sitePromise = null;
  let pending = emptyTargets();
  let timer = null;
  let running = null;
  let retries = 0;
  const waiters = [];
  /** What the runs so far did (for the bench and the log). */
  const stats = { runs: 0, written: 0, removed: 0, kept: 0, lastMs: 0, lastPaths: [] };

  const site = () => (sitePromise ??= openSite(out));

  function schedule(delay = debounceMs) {
    if (timer || running) return;
    timer = setTimeout(() => {
      timer = null;
      running = run().finally(() => {
        running = null;
        if (!isEmpty(pending)) schedule(retries > 0 ? RETRY_MS[Math.min(retries, RETRY_MS.length) - 1] : debounceMs);
        else for (const w of waiters.splice(0)) w();
      });
    }, delay);
  }

  async function run() {
    const work = pending;
    pending = emptyTargets();
    const started = performance.now();
    const s = await site();
    const categoryPath = s.ssr.categoryPath;
    const todo = new Set(work.pages);
    const gone = new Set();
    if (work.landing) todo.add('/');
    if (work.lists) {
      todo.add('/blog');
      for (const c of work.categories) if (isPathSafeCategory(c)) todo.add(categoryPath(c));
      // the category pages list every category: when the set changes, each of them changes
      const names = await s.ssr.fetchCategoryNames().catch(() => null);
      if (names) {
        const wanted = new Set(names.filter(isPathSafeCategory).map(categoryPath));
        const existing = new Set(s.categoryPages());
        const same = wanted.size === existing.size && [...wanted].every((p) => existing.has(p));
        if (!same) for (const p of wanted) todo.add(p);
        for (const p of existing) if (!wanted.has(p)) gone.add(p);
      }
    }
    const failed = emptyTargets();
    const done = [];
    for (const path of gone) {
      if (s.remove(path)) {
        stats.removed++;
        done.push(`-${path}`);
      }
      todo.delete(path);
    }
    for (const path of todo) {
      let outcome;
      try {
        outcome = await s.write(path);
      } catch (error) {
        log.error(`[publish] ${path} could not be rendered`, error);
        outcome = 'failed';
      }
      if (outcome === 'written') stats.written++;
      else if (outcome === 'removed') stats.removed++;
      if (outcome === 'written' || outcome === 'removed') done.push(`${outcome === 'removed' ? '-' : ''}${path}`);
      if (outcome === 'kept' || outcome === 'failed') {
        // the database did not answer for this page: try it again a little later
        if (!gone.has(path)) failed.pages.add(path);
        stats.kept++;
      }
    }
    if (work.feeds && feeds) {
      const { buildConfig } = s.ssr;
      const result = await generateFeeds({
        outDir: s.out,
        ssr: s.ssr,
        supabaseUrl: buildConfig.url,
        anonKey: buildConfig.anonKey,
        siteUrl: buildConfig.siteUrl,
        keepOnFailure: true,
        log,
      });
      if (result.databaseAnswered) done.push('sitemap.xml', 'rss.xml');
      else failed.feeds = true;
    }
    if (isEmpty(failed)) retries = 0;
    else if (++retries <= RETRY_MS.length) mergeTargets(pending, failed);
    else {
      log.warn(`[publish] gave up on ${[...failed.pages].join(', ') || 'the feeds'} after ${RETRY_MS.length} retries`);
      retries = 0;
    }
    stats.runs++;
    stats.lastMs = Math.round(performance.now() - started);
    stats.lastPaths = done;
    log.log(`[publish] ${done.length ? done.join(' ') : 'nothing changed'} (${stats.lastMs} ms)`);
  }

  return {
    stats,
    /** The build this publisher writes to (opened once). */
    site,
    /** Takes one webhook payload; false when it is not one this site understands. */
    accept(payload) {
      const event = parseEvent(payload);
      if (!event) return false;
      // the address helpers come from the build's own server bundle, so they match the app's links
      void site()
        .then((s) => {
          mergeTargets(pending, addTargets(emptyTargets(), event, { post: s.ssr.postPath, project: s.ssr.projectPath, privacyNotice: s.ssr.privacyNoticePath }));
          if (!isEmpty(pending)) schedule();
        })
        .catch((error) => log.error('[publish] the build cannot be opened', error));
      return true;
    },
    /** Resolves when everything accepted so far has been handled. */
    async idle() {
      await site();
      // let accepted events reach `pending`
      await new Promise((r) => setTimeout(r, 0));
      if (!timer && !running && isEmpty(pending)) return;
      await new Promise((r) => waiters.push(r));
    },
    close() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
