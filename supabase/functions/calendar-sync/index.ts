// The consultant's busy times from their private calendar feeds (ICS). Every 10 minutes pg_cron
// runs private.request_calendar_sync(), which mints a one-time run token per feed and POSTs
// {"run": "<token>"} here through pg_net, one call per feed. The function claims the run (the
// token is the lock: verify_jwt is off for it in supabase/config.toml, as the database sends no
// JWT), gets the window and the run's feeds (the database hands out one; the code takes a list),
// and for each feed either stores its busy periods (all of them, replacing the last ones, with
// what it had to skip: busy.ts) or records in Bulgarian why it could not read the feed at all,
// keeping the last good ones. One feed's failure never touches another's, and one event's never
// its feed's.
//
// Its one dependency, ical.js, is named in this folder's deno.json (npm:ical.js@2.2.1): a deploy
// bundles it, and the local stand-in reads it from the project's node_modules (`npm install`), so
// nothing is downloaded when the function starts.
//
// The feeds' addresses are secrets: they appear in no answer and no log line (feeds are named by id).
//
// Secrets (all optional):
//   CALENDAR_FEED_TIMEOUT_MS        the time for one feed, redirects and body included (15000)
//   CALENDAR_FEEDS_ALLOW_LOOPBACK   "true" in the local stand-in only: feeds at 127.0.0.1, [::1]
//                                   or localhost, over http too. Hosted never sets it.
//   CALENDAR_FEEDS_DNS_SERVER       "ip:port" of a DNS server to ask instead of the system's (tests)
import { busyBlocks } from './busy.ts';
import { Database, type Claim } from './database.ts';
import { denoNet } from './deno-net.ts';
import { fetchFeed, type FetchOptions } from './feed.ts';
import { googleCalendarOwner } from './owners.ts';
import { FeedProblem, say } from './messages.ts';
import { isTimeZone } from './zones.ts';

const MAX_FEED_BYTES = 5 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 15_000;
/** Feeds fetched at the same time. */
const CONCURRENCY = 3;

const reply = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });

/** An error's text for the log, with anything that looks like an address taken out. */
const forLog = (error: unknown) =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, '<address>').slice(0, 300);

function fetchOptions(): FetchOptions {
  const timeout = Number(Deno.env.get('CALENDAR_FEED_TIMEOUT_MS'));
  const dns = /^(.+):(\d+)$/.exec(Deno.env.get('CALENDAR_FEEDS_DNS_SERVER') ?? '');
  return {
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? Math.min(timeout, 60_000) : DEFAULT_TIMEOUT_MS,
    maxBytes: MAX_FEED_BYTES,
    allowLoopback: Deno.env.get('CALENDAR_FEEDS_ALLOW_LOOPBACK') === 'true',
    net: denoNet({ nameServer: dns ? { ipAddr: dns[1].replace(/^\[|\]$/g, ''), port: Number(dns[2]) } : undefined }),
  };
}

/** One feed: its busy periods stored, or why not recorded. True when stored. */
async function syncFeed(db: Database, feed: Claim['feeds'][number], claim: Claim, options: FetchOptions): Promise<boolean> {
  let message: string;
  try {
    if (!feed.url) throw new FeedProblem(say.missingAddress());
    const text = await fetchFeed(feed.url, options);
    const { blocks, skipped } = busyBlocks(text, {
      from: claim.from,
      to: claim.to,
      timeZone: claim.timeZone,
      maxBlocks: claim.maxBlocks,
      owners: [feed.ownerEmail, googleCalendarOwner(feed.url)],
    });
    try {
      await db.store(feed.id, blocks, skipped);
      const left = skipped.map((s) => `${s.count} ${s.reason}`).join(', ');
      console.log(`feed ${feed.id}: ${blocks.length} busy periods stored${left ? `; skipped: ${left}` : ''}`);
      return true;
    } catch (error) {
      console.error(`feed ${feed.id}: ${forLog(error)}`);
      message = say.notStored();
    }
  } catch (error) {
    if (error instanceof FeedProblem) message = error.message;
    else {
      console.error(`feed ${feed.id}: unexpected ${forLog(error)}`);
      message = say.unexpected();
    }
  }
  console.warn(`feed ${feed.id}: not synced: ${message}`);
  try {
    await db.failed(feed.id, message);
  } catch (error) {
    console.error(`feed ${feed.id}: ${forLog(error)}`);
  }
  return false;
}

/** Runs `work` for each item, at most `limit` at a time. */
async function eachAtMost<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

Deno.serve(async (req) => {
  if (req.method !== 'POST') return reply(405, { error: 'method_not_allowed' }, { allow: 'POST' });
  let run: unknown;
  try {
    run = (JSON.parse(await req.text()) as { run?: unknown } | null)?.run;
  } catch {
    return reply(400, { error: 'invalid_json' });
  }
  if (typeof run !== 'string' || !run || run.length > 512) return reply(400, { error: 'run_required' });

  const url = Deno.env.get('SUPABASE_URL');
  const key = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
  if (!url || !key) {
    console.error('SUPABASE_URL or SUPABASE_SERVICE_ROLE_KEY is not set');
    return reply(500, { error: 'not_configured' });
  }
  const db = new Database(url, key);
  let claim: Claim | null;
  try {
    claim = await db.claim(run);
    if (claim && !isTimeZone(claim.timeZone)) throw new Error(`the claim's time_zone is not a known zone`);
  } catch (error) {
    console.error(`could not claim the run: ${forLog(error)}`);
    return reply(502, { error: 'claim_failed' });
  }
  if (!claim) return reply(401, { error: 'invalid_run' });

  const options = fetchOptions();
  let synced = 0;
  await eachAtMost(claim.feeds, CONCURRENCY, async (feed) => {
    if (await syncFeed(db, feed, claim, options)) synced++;
  });
  return reply(200, { feeds: claim.feeds.length, synced, failed: claim.feeds.length - synced });
});
