// The Edge Function calendar-sync's own modules, without the stand-in: how a feed is read event by
// event (busy.ts: what is skipped and why, whose invitations are not busy) and how it is fetched
// (feed.ts over http1.ts: the connection goes to the address the guard checked, never to one a
// second DNS answer gives). The network here is Node's, given to feed.ts as its `Net`, with a DNS
// answer the test chooses; calendar-sync.test.ts runs the same code in the stand-in's Deno.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect as tcpConnect, type AddressInfo, type Socket } from 'node:net';
import { Duplex } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { busyBlocks, type SyncWindow } from '../../supabase/functions/calendar-sync/busy.ts';
import { fetchFeed, type FetchOptions, type Net } from '../../supabase/functions/calendar-sync/feed.ts';
import type { Connection } from '../../supabase/functions/calendar-sync/http1.ts';
import { MAX_EVENTS, MAX_STEPS_PER_FEED, stepsTaken } from '../../supabase/functions/calendar-sync/ical.ts';
import { googleCalendarOwner, normalizeAddress } from '../../supabase/functions/calendar-sync/owners.ts';

const event = (uid: string, ...lines: string[]) => ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'];
const calendar = (...parts: string[][]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//calendar-feed//BG', ...parts.flat(), 'END:VCALENDAR', ''].join('\r\n');
/** January and February 2027, in Sofia. */
const WINDOW: SyncWindow = { from: Date.UTC(2027, 0, 1), to: Date.UTC(2027, 2, 1), timeZone: 'Europe/Sofia', maxBlocks: 5000 };
const span = (start: string, end: string) => ({ start: new Date(start).toISOString(), end: new Date(end).toISOString() });
const utc = (day: string, from: string, to: string) => [`DTSTART:${day}T${from}00Z`, `DTEND:${day}T${to}00Z`];

describe('a feed, event by event (busy.ts)', () => {
  it('skips a bad, oversized or runaway event, says how many and why, and keeps the rest', () => {
    const text = calendar(
      event('good', ...utc('20270105', '0900', '1000')),
      event('bad-date', 'DTSTART:NOTADATE', 'DTEND:NOTADATE'),
      event('backwards', ...utc('20270106', '1100', '1000')),
      event('no-start', 'DTEND:20270106T100000Z'),
      // a second, every second: more than 2000 in the window
      event('every-second', 'DTSTART:20270107T000000Z', 'DTEND:20270107T000001Z', 'RRULE:FREQ=SECONDLY'),
      // no day ever matches: ical.js would look for one forever
      event('never', ...utc('20270108', '0900', '1000'), 'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'),
      // 41 days: an invitation could otherwise take the whole window
      event('months', 'DTSTART;VALUE=DATE:20270110', 'DTEND;VALUE=DATE:20270220'),
      event('garbage', 'DTSTART:20270111T090000Z', 'this line is no property'),
      event('bad-rule', ...utc('20270112', '0900', '1000'), 'RRULE:FREQ=WHENEVER'),
      event('good-too', ...utc('20270114', '0900', '1000')),
      // never ended: the calendar's END comes first
      ['BEGIN:VEVENT', 'UID:unended', 'DTSTART:20270115T090000Z'],
    );
    const { blocks, skipped } = busyBlocks(text, WINDOW);
    expect(blocks).toEqual([span('2027-01-05T09:00Z', '2027-01-05T10:00Z'), span('2027-01-14T09:00Z', '2027-01-14T10:00Z')]);
    expect(skipped).toEqual([
      { reason: 'unreadable', count: 2, first: '2027-01-11' },
      { reason: 'no_start', count: 1, first: null },
      { reason: 'invalid_date', count: 1, first: null },
      { reason: 'end_before_start', count: 1, first: '2027-01-06' },
      { reason: 'invalid_rule', count: 1, first: '2027-01-12' },
      { reason: 'too_long', count: 1, first: '2027-01-10' },
      { reason: 'too_many_occurrences', count: 1, first: '2027-01-07' },
      { reason: 'endless_rule', count: 1, first: '2027-01-08' },
    ]);
  });

  it('fails a feed only when it has no calendar at all', () => {
    expect(() => busyBlocks('BEGIN:VEVENT\r\nEND:VEVENT\r\n', WINDOW)).toThrow(/в него няма VCALENDAR/);
    // a calendar whose every event is broken is read: nothing busy, everything counted
    expect(busyBlocks(calendar(event('x', 'DTSTART:NOTADATE')), WINDOW)).toEqual({ blocks: [], skipped: [{ reason: 'invalid_date', count: 1, first: null }] });
  });

  it('keeps the earliest busy periods past the limit and counts the rest', () => {
    const days = ['20270104', '20270111', '20270118', '20270125', '20270201'];
    const { blocks, skipped } = busyBlocks(calendar(...days.map((d) => event(d, ...utc(d, '0900', '1000')))), { ...WINDOW, maxBlocks: 3 });
    expect(blocks.map((b) => b.start.slice(0, 10))).toEqual(['2027-01-04', '2027-01-11', '2027-01-18']);
    expect(skipped).toEqual([{ reason: 'too_many_blocks', count: 2, first: '2027-01-25' }]);
  });

  it('reads no more than MAX_EVENTS events near the window, and one-off events far from it not at all', () => {
    // years of past meetings cost next to nothing: they are never parsed
    const past = Array.from({ length: 20_000 }, (_, i) => event(`past-${i}`, ...utc(`2019${String((i % 12) + 1).padStart(2, '0')}15`, '0900', '1000')));
    const started = performance.now();
    const read = busyBlocks(calendar(...past, event('now', ...utc('20270105', '0900', '1000'))), WINDOW);
    expect(read).toEqual({ blocks: [span('2027-01-05T09:00Z', '2027-01-05T10:00Z')], skipped: [] });
    expect(performance.now() - started).toBeLessThan(5000);

    const near = Array.from({ length: MAX_EVENTS + 3 }, (_, i) => event(`near-${i}`, `DTSTART:20270105T${String(i % 24).padStart(2, '0')}0000Z`));
    const crowded = busyBlocks(calendar(...near), WINDOW);
    expect(crowded.skipped).toEqual([{ reason: 'too_many_events', count: 3, first: '2027-01-05' }]);
  });

  it('lets no runaway rule crowd out the others: each is read with a small budget first', () => {
    const never = (i: number) => event(`never-${i}`, ...utc('20270108', '0900', '1000'), 'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30');
    const text = calendar(
      never(1),
      never(2),
      never(3),
      never(4),
      // after them, a weekly meeting (read in the first pass), and a daily one since 2010 (more steps)
      event('weekly', ...utc('20261207', '0800', '0830'), 'RRULE:FREQ=WEEKLY;BYDAY=MO'),
      event('daily', ...utc('20100107', '1200', '1230'), 'RRULE:FREQ=DAILY'),
      event('one-off', ...utc('20270120', '1500', '1600')),
    );
    const { blocks, skipped } = busyBlocks(text, WINDOW);
    // (past the budget, each series left takes the one step that finds it spent)
    expect(stepsTaken()).toBeLessThanOrEqual(MAX_STEPS_PER_FEED + 5);
    const days = (hour: string) => blocks.filter((b) => b.start.slice(11, 16) === hour).length;
    expect(days('08:00')).toBe(8); // the Mondays of January and February 2027
    expect(days('12:00')).toBe(59); // every day of them: read before the rules that found nothing
    expect(days('15:00')).toBe(1);
    // the runaway rules are skipped, once the feed's budget is spent
    expect(skipped).toEqual([{ reason: 'too_complex', count: 4, first: '2027-01-08' }]);
  });

  describe('invitations', () => {
    const VERA = 'vera@example.com';
    const invite = (uid: string, day: string, partstat: string | null, ...more: string[]) =>
      event(uid, ...utc(day, '0900', '1000'), 'ORGANIZER;CN=Непознат:mailto:stranger@evil.example',
        'ATTENDEE;PARTSTAT=ACCEPTED:mailto:stranger@evil.example',
        // the organizer may write anyone as accepted: only the owner's own line counts
        'ATTENDEE;PARTSTAT=ACCEPTED:mailto:decoy@evil.example',
        `ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT${partstat ? `;PARTSTAT=${partstat}` : ''};CN=Вера:mailto:Vera@Example.COM`, ...more);
    const feed = (...extra: string[]) =>
      calendar(
        [...extra],
        invite('unanswered', '20270104', 'NEEDS-ACTION'),
        invite('declined', '20270105', 'DECLINED'),
        invite('silent', '20270106', null), // RFC 5545: no PARTSTAT is NEEDS-ACTION
        invite('accepted', '20270107', 'ACCEPTED'),
        invite('maybe', '20270108', 'TENTATIVE'),
        // her own meeting, whatever the guests say
        event('own', ...utc('20270111', '0900', '1000'), `ORGANIZER:mailto:${VERA}`, 'ATTENDEE;PARTSTAT=DECLINED:mailto:client@example.net'),
        // a weekly invitation she accepted, but declined one week of
        event('weekly', ...utc('20270112', '0900', '1000'), 'RRULE:FREQ=WEEKLY;COUNT=3', 'ORGANIZER:mailto:boss@example.org',
          `ATTENDEE;PARTSTAT=ACCEPTED:mailto:${VERA}`, 'ATTENDEE;PARTSTAT=ACCEPTED:mailto:boss@example.org'),
        event('weekly', 'RECURRENCE-ID:20270119T090000Z', ...utc('20270119', '0900', '1000'), 'ORGANIZER:mailto:boss@example.org',
          `ATTENDEE;PARTSTAT=DECLINED:mailto:${VERA}`, 'ATTENDEE;PARTSTAT=ACCEPTED:mailto:boss@example.org'),
        // no guests: hers
        event('plain', ...utc('20270128', '0900', '1000')),
      );
    const busyDays = (text: string, owners: (string | null)[] = []) => busyBlocks(text, { ...WINDOW, owners }).blocks.map((b) => b.start.slice(0, 10));
    const HERS = ['2027-01-07', '2027-01-08', '2027-01-11', '2027-01-12', '2027-01-26', '2027-01-28'];

    it('are not busy until the owner accepts them, the owner known from the address the admin gave', () => {
      expect(busyDays(feed(), [VERA])).toEqual(HERS);
    });

    it('know the owner from the calendar’s name when it is an address, as Google names one’s own calendar', () => {
      expect(busyDays(feed(`X-WR-CALNAME:${VERA}`))).toEqual(HERS);
    });

    it('know the owner from Google’s secret address', () => {
      const url = 'https://calendar.google.com/calendar/ical/vera%40example.com/private-0123456789abcdef/basic.ics';
      expect(googleCalendarOwner(url)).toBe(VERA);
      expect(busyDays(feed(), [googleCalendarOwner(url)])).toEqual(HERS);
      // a shared or holiday calendar names no person
      expect(googleCalendarOwner('https://calendar.google.com/calendar/ical/abc123%40group.calendar.google.com/private-x/basic.ics')).toBeNull();
      expect(googleCalendarOwner('https://outlook.office365.com/owa/calendar/x/reachcalendar.ics')).toBeNull();
    });

    it('know the owner as the one person in every event with guests, when nothing else tells', () => {
      expect(busyDays(feed())).toEqual(HERS);
      // one invitation alone tells nothing: it stays busy, as every event did before
      expect(busyDays(calendar(invite('alone', '20270104', 'NEEDS-ACTION')))).toEqual(['2027-01-04']);
      // many invitations naming the same decoy leave more than one common address: nothing inferred
      expect(busyDays(calendar(invite('a', '20270104', 'NEEDS-ACTION'), invite('b', '20270105', 'NEEDS-ACTION')))).toEqual(['2027-01-04', '2027-01-05']);
    });

    it('stay free when they are free or cancelled, as before', () => {
      const text = calendar(
        event('free', ...utc('20270104', '0900', '1000'), 'TRANSP:TRANSPARENT'),
        event('cancelled', ...utc('20270105', '0900', '1000'), 'STATUS:CANCELLED'),
        event('outlook-free', ...utc('20270106', '0900', '1000'), 'X-MICROSOFT-CDO-BUSYSTATUS:FREE'),
        event('outlook-busy', ...utc('20270107', '0900', '1000'), 'X-MICROSOFT-CDO-BUSYSTATUS:BUSY'),
      );
      expect(busyDays(text, [VERA])).toEqual(['2027-01-07']);
    });

    it('compare addresses as mail does: no mailto:, any case', () => {
      expect(normalizeAddress('MAILTO:Vera@Example.COM ')).toBe(VERA);
      for (const none of ['mailto:', 'vera', 'https://example.com', 42, null]) expect(normalizeAddress(none)).toBeNull();
    });
  });
});

// ---------------------------------------------------------------------------------------------
// The fetch: one resolution, and the connection to the address it gave
// ---------------------------------------------------------------------------------------------
describe('the fetch connects to the address it checked (feed.ts)', () => {
  let internal: Server;
  let internalPort = 0;
  let internalHits = 0;
  let feeds: Server;
  let feedsPort = 0;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    // what must never be reached: a service on the loopback address, as a provider's metadata or admin API
    internal = createServer((_req, res) => {
      internalHits++;
      res.writeHead(200, { 'content-type': 'text/calendar' });
      res.end(calendar(event('internal', ...utc('20270105', '0900', '1000'))));
    });
    feeds = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/chunked.ics') {
        // no length: chunked, in pieces
        res.writeHead(200, { 'content-type': 'text/calendar' });
        const text = calendar(event('chunked', ...utc('20270105', '0900', '1000')));
        res.write(text.slice(0, 10));
        res.end(text.slice(10));
      } else if (path === '/gzip.ics') {
        res.writeHead(200, { 'content-type': 'text/calendar', 'content-encoding': 'gzip' });
        res.end(gzipSync(calendar(event('gzip', ...utc('20270105', '0900', '1000')))));
      } else if (path === '/bomb.ics') {
        // 40 KB on the wire, 40 MB unpacked
        res.writeHead(200, { 'content-type': 'text/calendar', 'content-encoding': 'gzip' });
        res.end(gzipSync(Buffer.concat([Buffer.from('BEGIN:VCALENDAR\r\n'), Buffer.alloc(40 * 1024 * 1024, 'x')])));
      } else if (path === '/to-name') {
        res.writeHead(302, { location: 'https://elsewhere.example/feed.ics' });
        res.end();
      } else if (path === '/host') {
        res.writeHead(200, { 'content-type': 'text/calendar' });
        res.end(calendar([`X-WR-CALNAME:${req.headers.host}`]));
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    for (const server of [internal, feeds]) {
      server.on('connection', (s) => sockets.add(s));
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
    }
    internalPort = (internal.address() as AddressInfo).port;
    feedsPort = (feeds.address() as AddressInfo).port;
  });

  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await Promise.all([internal, feeds].map((server) => new Promise((resolve) => server.close(resolve))));
  });

  /** Node's network for feed.ts: DNS as `answers` says (in turn), TCP to 127.0.0.1 only (nothing else is reachable here). */
  function nodeNet(answers: Record<string, string[][]>, seen: { resolved: string[]; connected: string[] }): Net {
    const asked = new Map<string, number>();
    return {
      async resolve(host) {
        seen.resolved.push(host);
        const n = asked.get(host) ?? 0;
        asked.set(host, n + 1);
        const list = answers[host] ?? [[]];
        return list[Math.min(n, list.length - 1)];
      },
      async connect(ip, port, tls) {
        seen.connected.push(`${ip}:${port}`);
        if (tls) throw new Error('no TLS in this test');
        if (ip !== '127.0.0.1') throw Object.assign(new Error(`connect ECONNREFUSED ${ip}:${port}`), { code: 'ECONNREFUSED' });
        const socket = tcpConnect(port, ip);
        sockets.add(socket);
        await once(socket, 'connect');
        const { readable, writable } = Duplex.toWeb(socket) as unknown as { readable: ReadableStream<Uint8Array>; writable: WritableStream<Uint8Array> };
        return { readable, writable, close: () => socket.destroy() } satisfies Connection;
      },
    };
  }

  const options = (net: Net, over: Partial<FetchOptions> = {}): FetchOptions => ({ timeoutMs: 2000, maxBytes: 5 * 1024 * 1024, allowLoopback: false, net, ...over });

  it('never reaches 127.0.0.1 through a name that answered a public address when it was checked (DNS rebinding)', async () => {
    const seen = { resolved: [] as string[], connected: [] as string[] };
    // a public address to the guard; the loopback address to anyone who asks again
    const net = nodeNet({ 'rebind.example': [['93.184.215.14'], ['127.0.0.1']] }, seen);
    await expect(fetchFeed(`https://rebind.example:${internalPort}/feed.ics`, options(net))).rejects.toThrow('Адресът не може да бъде достигнат.');
    expect(seen.resolved).toEqual(['rebind.example']);
    expect(seen.connected).toEqual([`93.184.215.14:${internalPort}`]);
    expect(internalHits).toBe(0);
    // (what a second look-up would have answered, and what the guard refuses when it is asked)
    await expect(fetchFeed(`https://rebind.example:${internalPort}/feed.ics`, options(net))).rejects.toThrow('Адресът сочи към вътрешна мрежа и не е разрешен.');
    expect(internalHits).toBe(0);
  });

  it('checks each redirect once, and connects only where the answer it checked leads', async () => {
    const seen = { resolved: [] as string[], connected: [] as string[] };
    const net = nodeNet({ 'elsewhere.example': [['10.0.0.7']] }, seen);
    await expect(fetchFeed(`http://127.0.0.1:${feedsPort}/to-name`, options(net, { allowLoopback: true }))).rejects.toThrow('Адресът сочи към вътрешна мрежа и не е разрешен.');
    expect(seen.resolved).toEqual(['elsewhere.example']);
    expect(seen.connected).toEqual([`127.0.0.1:${feedsPort}`]);
  });

  it('speaks HTTP/1.1 as a server answers: a length, chunks, gzip, and the Host it asked for', async () => {
    const seen = { resolved: [] as string[], connected: [] as string[] };
    const net = nodeNet({}, seen);
    const loopback = options(net, { allowLoopback: true });
    for (const path of ['/chunked.ics', '/gzip.ics']) {
      expect(busyBlocks(await fetchFeed(`http://127.0.0.1:${feedsPort}${path}`, loopback), WINDOW).blocks, path).toEqual([span('2027-01-05T09:00Z', '2027-01-05T10:00Z')]);
    }
    expect(await fetchFeed(`http://127.0.0.1:${feedsPort}/host`, loopback)).toContain(`X-WR-CALNAME:127.0.0.1:${feedsPort}`);
    // a small gzip body that unpacks past the limit stops at the limit
    await expect(fetchFeed(`http://127.0.0.1:${feedsPort}/bomb.ics`, loopback)).rejects.toThrow('Календарът е по-голям от 5 MB.');
    await expect(fetchFeed(`http://127.0.0.1:${feedsPort}/nothing`, loopback)).rejects.toThrow(/грешка 404/);
  });
});
