// The database's side of a sync, called as the service role through the REST API (PostgREST's
// /rpc): claim a run, then for each feed store its busy periods or record why it failed.
import type { Block } from './busy.ts';
import type { Skipped } from './skipped.ts';

export interface Claim {
  /** The consultant's IANA zone. */
  timeZone: string;
  /** The window to sync, [from, to), in milliseconds since 1970. */
  from: number;
  to: number;
  maxBlocks: number;
  /** Each feed's address, and its owner's e-mail address if the admin gave one. */
  feeds: { id: string; url: string | null; ownerEmail: string | null }[];
}

export class Database {
  constructor(
    private readonly url: string,
    private readonly key: string,
  ) {}

  /** Calls a database function; the answer as it came (its status says how it went). */
  rpc(name: string, args: Record<string, unknown>): Promise<Response> {
    return fetch(`${this.url.replace(/\/+$/, '')}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { apikey: this.key, authorization: `Bearer ${this.key}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
  }

  /**
   * Takes the run's one-time token: the window and the feeds to sync, or null when the token is
   * not (or no longer) good. Anything else the database answers is an error.
   */
  async claim(run: string): Promise<Claim | null> {
    const res = await this.rpc('calendar_sync_claim', { run });
    if (res.status === 401 || res.status === 403) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) throw new Error(`calendar_sync_claim answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    return readClaim(await res.json());
  }

  /** A good read: its busy periods (replacing the last ones) and what it skipped. */
  async store(feed: string, blocks: Block[], skipped: Skipped[]): Promise<void> {
    const res = await this.rpc('calendar_sync_store', { feed, blocks, skipped });
    if (!res.ok) throw new Error(`calendar_sync_store answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    await res.body?.cancel();
  }

  async failed(feed: string, message: string): Promise<void> {
    const res = await this.rpc('calendar_sync_failed', { feed, message });
    if (!res.ok) throw new Error(`calendar_sync_failed answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    await res.body?.cancel();
  }
}

/** The claim as calendar_sync_claim returns it, checked. */
export function readClaim(value: unknown): Claim {
  const v = (value ?? {}) as Record<string, unknown>;
  const from = Date.parse(String(v.from));
  const to = Date.parse(String(v.to));
  const maxBlocks = Number(v.max_blocks);
  if (typeof v.time_zone !== 'string' || !v.time_zone) throw new Error('the claim has no time_zone');
  if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from) throw new Error('the claim has no window (from < to)');
  if (!Number.isInteger(maxBlocks) || maxBlocks <= 0) throw new Error('the claim has no max_blocks');
  if (!Array.isArray(v.feeds)) throw new Error('the claim has no feeds');
  const feeds = v.feeds.map((f) => {
    const feed = (f ?? {}) as Record<string, unknown>;
    if (typeof feed.id !== 'string') throw new Error('a feed of the claim has no id');
    return {
      id: feed.id,
      url: typeof feed.url === 'string' && feed.url ? feed.url : null,
      ownerEmail: typeof feed.owner_email === 'string' && feed.owner_email ? feed.owner_email : null,
    };
  });
  return { timeZone: v.time_zone, from, to, maxBlocks, feeds };
}
