// The Edge Function calendar-sync (supabase/functions/calendar-sync/) in the stand-in's Deno, as
// the database drives it: private.request_calendar_sync() mints a run token per feed and pg_net
// POSTs each; the function claims the run, fetches the feed and stores its busy periods or says in
// Bulgarian why not. The feeds are served here by a small HTTP server on 127.0.0.1 (the stand-in allows the
// loopback address, hosted never does) and their names are answered by a small DNS server, so the
// address guard is tried with names that lead into private networks. The fixtures are written
// relative to today, as the window is: from yesterday to the end of the booking horizon.
//
// The stand-in's Deno runs here with an empty cache (DENO_DIR) and an npm registry that refuses
// every connection: the function's one dependency, ical.js, must come from node_modules, as on a
// machine without network. Deno also trusts this test's own certificate authority (DENO_CERT),
// so a feed served over https on localhost proves the TLS name check.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopbackAddress, isPublicAddress, parseIPv6 } from '../../supabase/functions/calendar-sync/address.ts';
import { isTimeZone, wallTimeToUtc } from '../../supabase/functions/calendar-sync/zones.ts';
import { useLocalMailCatcher } from '../../supabase/local/server.ts';
import { setIntakeLimits, startHarness, type Harness } from './harness.ts';

const ADMIN = { sub: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com' };
const TIMEOUT_MS = 2000;
const MB = 1024 * 1024;

let h: Harness;
let feeds: Server;
let secure: HttpsServer;
let dns: Socket;
let origin = '';
let secureOrigin = '';
/** The names the https feeds were asked for (SNI) and the Host headers they got. */
const secureSeen: { sni: string | false | null; host: string | undefined }[] = [];
/** The temporary folder: Deno's empty cache, the certificates. */
let temp = '';
const logs: string[] = [];
const dnsAsked = new Set<string>();
const hanging = new Set<ServerResponse>();
/** What the server does now at /flaky.ics, and how much of the 50 MB feeds it sent. */
const state = { flaky: 'good' as 'good' | 'down', hugeSent: 0, declaredSent: 0 };

const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  h.local.db.asSystem(async (tx) => (await tx.query<T>(text, params)).rows);

// ---------------------------------------------------------------------------------------------
// Dates: the fixtures' days, counted from today in the consultant's zone
// ---------------------------------------------------------------------------------------------
interface Day {
  y: number;
  m: number;
  d: number;
}
let zone = 'Europe/Sofia';
let today: Day;

const dayOf = (ms: number): Day => {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(ms).map((x) => [x.type, x.value]));
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day) };
};
const plus = (day: Day, n: number): Day => {
  const t = new Date(Date.UTC(day.y, day.m - 1, day.d + n));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
};
const D = (n: number) => plus(today, n);
const weekday = (day: Day) => new Date(Date.UTC(day.y, day.m - 1, day.d)).getUTCDay();
const pad = (n: number) => String(n).padStart(2, '0');
/** 20261207 */
const ymd = (day: Day) => `${day.y}${pad(day.m)}${pad(day.d)}`;
/** 20261207T100000 (a wall-clock time) */
const at = (day: Day, hh: number, mm = 0) => `${ymd(day)}T${pad(hh)}${pad(mm)}00`;

/** The zone's offset at an instant, from Intl (the test's own reading, not the function's). */
function offsetOf(tz: string, ms: number): number {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
      .formatToParts(ms)
      .map((x) => [x.type, x.value]),
  );
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) - Math.floor(ms / 1000) * 1000;
}
/** The instant of a wall-clock time in a zone (no fixture is in a gap of the clocks). */
function inZone(tz: string, day: Day, hh: number, mm = 0): number {
  const naive = Date.UTC(day.y, day.m - 1, day.d, hh, mm);
  return naive - offsetOf(tz, naive - offsetOf(tz, naive));
}
const local = (day: Day, hh: number, mm = 0) => inZone(zone, day, hh, mm);
const utc = (day: Day, hh: number, mm = 0) => Date.UTC(day.y, day.m - 1, day.d, hh, mm);

// ---------------------------------------------------------------------------------------------
// The feeds
// ---------------------------------------------------------------------------------------------
const SOFIA = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Sofia',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0300',
  'TZNAME:EEST',
  'DTSTART:19700329T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0300',
  'TZOFFSETTO:+0200',
  'TZNAME:EET',
  'DTSTART:19701025T040000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];
/** A zone only this feed has: +01:00, then +05:00 from 03:00 on day 15 (its own "summer time"). */
const SHIFTING = (shift: Day) => [
  'BEGIN:VTIMEZONE',
  'TZID:Custom/Shifting',
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0100',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  `DTSTART:${at(shift, 3)}`,
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0500',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
];
const event = (uid: string, ...lines: string[]) => ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'];
const calendar = (...parts: string[][]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//calendar-sync//BG', ...parts.flat(), 'END:VCALENDAR', ''].join('\r\n');
const sofia = (name: string, day: Day, hh: number, mm = 0) => `${name};TZID=Europe/Sofia:${at(day, hh, mm)}`;

/** The weekly meeting's days: it began weeks ago; one Monday is off, one moved, one cancelled. */
function weekly() {
  let first = D(-14);
  while (weekday(first) !== 1) first = plus(first, -1);
  let off = D(7);
  while (weekday(off) !== 1) off = plus(off, 1);
  return { first, off, moved: plus(off, 7), cancelled: plus(off, 14), extra: plus(off, 2) };
}

function goodFeed(): string {
  const w = weekly();
  return (
    // a byte-order mark and a blank line before the calendar are allowed
    '\uFEFF\r\n' +
    calendar(
      SOFIA,
      SHIFTING(D(15)),
      event('weekly', 'SUMMARY:Седмична среща', sofia('DTSTART', w.first, 10), sofia('DTEND', w.first, 11), 'RRULE:FREQ=WEEKLY;BYDAY=MO',
        sofia('EXDATE', w.off, 10), sofia('RDATE', w.extra, 10)),
      // moved to Tuesday afternoon (its RECURRENCE-ID in the zone); cancelled (its RECURRENCE-ID in UTC)
      event('weekly', sofia('RECURRENCE-ID', w.moved, 10), sofia('DTSTART', plus(w.moved, 1), 16), sofia('DTEND', plus(w.moved, 1), 17)),
      event('weekly', `RECURRENCE-ID:${new Date(local(w.cancelled, 10)).toISOString().replace(/[-:]|\.\d+/g, '')}`, sofia('DTSTART', w.cancelled, 10),
        sofia('DTEND', w.cancelled, 11), 'STATUS:CANCELLED'),
      // a one-off meeting and one overlapping it: one busy period
      event('one-off', 'SUMMARY:Среща с клиент', sofia('DTSTART', D(2), 13), sofia('DTEND', D(2), 14, 30),
        'DESCRIPTION:Дълъг ред, сгънат по правилата на RFC 5545, който продължава на следващия', ' ред с интервал в началото.'),
      event('overlap', sofia('DTSTART', D(2), 14), sofia('DTEND', D(2), 15)),
      event('free', sofia('DTSTART', D(3), 13), sofia('DTEND', D(3), 14), 'TRANSP:TRANSPARENT'),
      event('cancelled', sofia('DTSTART', D(4), 13), sofia('DTEND', D(4), 14), 'STATUS:CANCELLED'),
      // floating: the consultant's zone
      event('floating', `DTSTART:${at(D(5), 8)}`, `DTEND:${at(D(5), 9)}`),
      // a zone named but not described: read as that IANA zone
      event('new-york', `DTSTART;TZID=America/New_York:${at(D(6), 7)}`, `DTEND;TZID=America/New_York:${at(D(6), 8)}`),
      event('utc', `DTSTART:${at(D(8), 12)}Z`, `DTEND:${at(D(8), 12, 30)}Z`),
      event('duration', sofia('DTSTART', D(9), 13), 'DURATION:PT45M'),
      // a moment, no time
      event('instant', sofia('DTSTART', D(10), 13)),
      // an override whose series is not in the feed: an event of its own
      event('orphan', sofia('RECURRENCE-ID', D(1), 9), sofia('DTSTART', D(11), 13), sofia('DTEND', D(11), 14)),
      // daily at noon in the feed's own zone, across its change of offset
      event('shifting', `DTSTART;TZID=Custom/Shifting:${at(D(13), 12)}`, `DTEND;TZID=Custom/Shifting:${at(D(13), 13)}`, 'RRULE:FREQ=DAILY;COUNT=4'),
      // all day: two days, DTEND exclusive; one day without DTEND; a free one
      event('holiday', `DTSTART;VALUE=DATE:${ymd(D(20))}`, `DTEND;VALUE=DATE:${ymd(D(22))}`, 'TRANSP:OPAQUE'),
      event('day-off', `DTSTART;VALUE=DATE:${ymd(D(25))}`),
      event('birthday', `DTSTART;VALUE=DATE:${ymd(D(27))}`, `DTEND;VALUE=DATE:${ymd(D(28))}`, 'TRANSP:TRANSPARENT'),
      // outside the window
      event('past', sofia('DTSTART', D(-30), 13), sofia('DTEND', D(-30), 14)),
      event('far', sofia('DTSTART', D(400), 13), sofia('DTEND', D(400), 14)),
      ['BEGIN:VTODO', 'UID:todo', `DTSTART:${at(D(3), 9)}Z`, `DUE:${at(D(3), 10)}Z`, 'END:VTODO'],
      ['BEGIN:VJOURNAL', 'UID:journal', `DTSTART:${at(D(3), 9)}Z`, 'END:VJOURNAL'],
    )
  );
}

/** The busy periods goodFeed() should give in the window, merged. */
function goodBusy(window: { from: number; to: number }): string[][] {
  const w = weekly();
  const raw: [number, number][] = [];
  for (let day = w.first; local(day, 10) < window.to; day = plus(day, 7)) {
    if ([w.off, w.moved, w.cancelled].some((x) => ymd(x) === ymd(day))) continue;
    raw.push([local(day, 10), local(day, 11)]);
  }
  raw.push([local(plus(w.moved, 1), 16), local(plus(w.moved, 1), 17)], [local(w.extra, 10), local(w.extra, 11)]);
  raw.push([local(D(2), 13), local(D(2), 15)]);
  raw.push([local(D(5), 8), local(D(5), 9)]);
  raw.push([inZone('America/New_York', D(6), 7), inZone('America/New_York', D(6), 8)]);
  raw.push([utc(D(8), 12), utc(D(8), 12, 30)]);
  raw.push([local(D(9), 13), local(D(9), 13, 45)]);
  raw.push([local(D(11), 13), local(D(11), 14)]);
  // +01:00 for days 13 and 14, +05:00 from day 15
  raw.push([utc(D(13), 11), utc(D(13), 12)], [utc(D(14), 11), utc(D(14), 12)], [utc(D(15), 7), utc(D(15), 8)], [utc(D(16), 7), utc(D(16), 8)]);
  raw.push([local(D(20), 0), local(D(22), 0)], [local(D(25), 0), local(D(26), 0)]);
  const sorted = raw.filter(([s, e]) => s < window.to && e > window.from).sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [s, e] of sorted) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return merged.map(([s, e]) => [new Date(s).toISOString(), new Date(e).toISOString()]);
}

const smallFeed = () => calendar(event('small', sofia('DTSTART', D(3), 15), sofia('DTEND', D(3), 16)));

/** Two good events among the kinds that used to fail a whole feed. */
function mixedFeed(): string {
  return calendar(
    event('ok', sofia('DTSTART', D(2), 9), sofia('DTEND', D(2), 10)),
    event('bad', 'DTSTART:NOTADATE', 'DTEND:NOTADATE'),
    event('backwards', sofia('DTSTART', D(2), 11), sofia('DTEND', D(2), 10)),
    event('no-start', 'SUMMARY:Без начало', sofia('DTEND', D(2), 10)),
    event('endless', `DTSTART:${at(D(1), 0)}Z`, `DTEND:${at(D(1), 0)}Z`.replace(/00Z$/, '01Z'), 'RRULE:FREQ=SECONDLY'),
    event('never', `DTSTART:${at(D(1), 9)}Z`, `DTEND:${at(D(1), 10)}Z`, 'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'),
    event('months', `DTSTART;VALUE=DATE:${ymd(D(4))}`, `DTEND;VALUE=DATE:${ymd(D(44))}`),
    event('garbage', sofia('DTSTART', D(5), 9), 'this line is no property'),
    event('ok-too', sofia('DTSTART', D(6), 9), sofia('DTEND', D(6), 10)),
  );
}

/** The consultant's invitations (she is vera@example.com; the feed does not say so). */
function invitationsFeed(): string {
  const invite = (uid: string, day: Day, partstat: string) =>
    event(uid, sofia('DTSTART', day, 9), sofia('DTEND', day, 10), 'ORGANIZER:mailto:stranger@example.net',
      'ATTENDEE;PARTSTAT=ACCEPTED:mailto:stranger@example.net', `ATTENDEE;PARTSTAT=${partstat};CN=Вера:mailto:vera@example.com`);
  return calendar(invite('unanswered', D(2), 'NEEDS-ACTION'), invite('declined', D(3), 'DECLINED'), invite('accepted', D(4), 'ACCEPTED'));
}

function send(res: ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** 50 MB of a calendar, written only as fast as it is read, never held whole. */
function stream50Mb(res: ServerResponse, declare: boolean, count: (sent: number) => void) {
  res.writeHead(200, { 'content-type': 'text/calendar', ...(declare ? { 'content-length': String(50 * MB) } : {}) });
  const line = Buffer.from(`X-FILLER:${'x'.repeat(1013)}\r\n`.repeat(64));
  let sent = 0;
  res.write('BEGIN:VCALENDAR\r\n');
  const pump = () => {
    while (sent < 50 * MB && !res.destroyed) {
      sent += line.length;
      count(sent);
      if (!res.write(line)) {
        res.once('drain', pump);
        return;
      }
    }
    if (!res.destroyed) res.end();
  };
  pump();
}

function serveFeeds(req: { url?: string }, res: ServerResponse) {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  switch (path) {
    case '/good.ics':
      return send(res, 200, 'text/calendar; charset=utf-8', goodFeed());
    case '/small.ics':
      return send(res, 200, 'text/calendar', smallFeed());
    case '/moved':
      res.writeHead(302, { location: '/small.ics' });
      return res.end();
    case '/flaky.ics':
      return state.flaky === 'good' ? send(res, 200, 'text/calendar', smallFeed()) : send(res, 503, 'text/plain', 'maintenance');
    case '/page.html':
      return send(res, 200, 'text/html; charset=utf-8', '<!doctype html><title>Вход</title><p>Влезте в профила си.');
    case '/page-as-text':
      return send(res, 200, 'text/plain', '\n\n<!DOCTYPE html><html><body>Not a calendar</body></html>');
    case '/notes.txt':
      return send(res, 200, 'text/plain', 'These are not the events you are looking for.');
    case '/huge.ics':
      return stream50Mb(res, false, (n) => (state.hugeSent = n));
    case '/huge-declared.ics':
      return stream50Mb(res, true, (n) => (state.declaredSent = n));
    case '/mixed.ics':
      return send(res, 200, 'text/calendar', mixedFeed());
    case '/invitations.ics':
      return send(res, 200, 'text/calendar', invitationsFeed());
    case '/hang':
      hanging.add(res);
      return;
    case '/error':
      return send(res, 500, 'text/plain', 'oops');
    case '/to-http':
      res.writeHead(301, { location: 'http://calendar.example.com/feed.ics' });
      return res.end();
    case '/to-private':
      res.writeHead(307, { location: 'https://10.0.0.5/feed.ics' });
      return res.end();
    case '/loop':
      res.writeHead(302, { location: `/loop?${Math.random()}` });
      return res.end();
    default:
      return send(res, 404, 'text/plain', 'not found');
  }
}

// ---------------------------------------------------------------------------------------------
// A DNS server for the guard: names that lead into private networks
// ---------------------------------------------------------------------------------------------
const RECORDS: Record<string, { A?: string[]; AAAA?: string[] }> = {
  'private.calendar.test': { A: ['10.1.2.3'] },
  // one public address and one unique-local: any private answer is enough to refuse
  'mixed.calendar.test': { A: ['93.184.215.14'], AAAA: ['fd00::1'] },
  'metadata.calendar.test': { AAAA: ['::ffff:169.254.169.254'] },
};

function dnsAnswer(query: Buffer): Buffer {
  let i = 12;
  const labels: string[] = [];
  while (query[i] !== 0) {
    labels.push(query.subarray(i + 1, i + 1 + query[i]).toString('latin1'));
    i += query[i] + 1;
  }
  const type = query.readUInt16BE(i + 1);
  const question = query.subarray(12, i + 5);
  const name = labels.join('.').toLowerCase();
  dnsAsked.add(name);
  const entry = RECORDS[name];
  const addresses = (entry && (type === 1 ? entry.A : type === 28 ? entry.AAAA : [])) ?? [];
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  header.writeUInt16BE(entry ? 0x8180 : 0x8183, 2); // an answer; NXDOMAIN for names it does not know
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(addresses.length, 6);
  const records = addresses.map((ip) => {
    const data = type === 1 ? Buffer.from(ip.split('.').map(Number)) : Buffer.from(parseIPv6(ip)!.flatMap((g) => [g >> 8, g & 0xff]));
    const rr = Buffer.alloc(12);
    rr.writeUInt16BE(0xc00c, 0); // the name: the question's
    rr.writeUInt16BE(type, 2);
    rr.writeUInt16BE(1, 4);
    rr.writeUInt32BE(60, 6);
    rr.writeUInt16BE(data.length, 10);
    return Buffer.concat([rr, data]);
  });
  return Buffer.concat([header, question, ...records]);
}

// ---------------------------------------------------------------------------------------------
// Driving the sync
// ---------------------------------------------------------------------------------------------
interface FeedRow {
  id: string;
  label: string;
  last_synced_at: Date | null;
  last_attempt_at: Date | null;
  last_error: string | null;
  last_error_at: Date | null;
  busy_count: number;
  skipped: { reason: string; count: number; first: string | null }[];
}

/** A feed as the database keeps it (the address in Vault), without add_calendar_feed's limit of 10. */
async function addFeed(label: string, url: string): Promise<string> {
  const id = randomUUID();
  await sql(
    `insert into private.calendar_feeds (id, label, secret_id, url_hint)
     values ($1::uuid, $2, vault.create_secret($3, 'calendar_feed:' || $1::text, 'a test feed'), private.masked_feed_url($3))`,
    [id, label, url],
  );
  return id;
}

/** Sends what pg_net has queued (the sync's request) and waits for the function's answer. */
async function drain() {
  h.local.net.kick();
  await h.local.net.settled();
}

/**
 * One run, as pg_cron starts it: one call of the function per active feed. Their answers, each
 * checked to be a 200, summed: { feeds, synced, failed }.
 */
async function sync(): Promise<{ feeds: number; synced: number; failed: number }> {
  const [{ requested, at }] = await sql<{ requested: boolean; at: Date }>('select private.request_calendar_sync() as requested, now() as at');
  expect(requested).toBe(true);
  await drain();
  // the answers to this run's calls (pg_net's request ids are kept with the runs)
  const answers = await sql<{ status_code: number; content: string }>(
    `select r.status_code, r.content from net._http_response r join private.calendar_sync_runs x on x.request_id = r.id
      where x.created_at = $1 order by r.id`,
    [at],
  );
  expect(answers.length).toBeGreaterThan(0);
  const total = { feeds: 0, synced: 0, failed: 0 };
  for (const answer of answers) {
    expect(answer.status_code, answer.content).toBe(200);
    const one = JSON.parse(answer.content) as typeof total;
    // one feed a call
    expect(one.feeds).toBe(1);
    total.feeds += one.feeds;
    total.synced += one.synced;
    total.failed += one.failed;
  }
  return total;
}

const feedRow = async (id: string) => (await sql<FeedRow>('select * from private.calendar_feeds where id = $1', [id]))[0];
const busyOf = async (id: string) =>
  (await sql<{ s: Date; e: Date }>('select starts_at as s, ends_at as e from private.calendar_busy where feed_id = $1 order by starts_at', [id])).map((r) => [
    r.s.toISOString(),
    r.e.toISOString(),
  ]);
const snapshot = async () =>
  JSON.stringify([
    await sql('select * from private.calendar_feeds order by id'),
    await sql('select * from private.calendar_busy order by feed_id, starts_at'),
    await sql('select token_hash, claimed_at from private.calendar_sync_runs order by created_at, token_hash'),
  ]);
const callFunction = (init: RequestInit) => fetch(`${h.url}/functions/v1/calendar-sync`, init);
/** The consultants and admins the database e-mails (private.serves_visitors), by address. */
const adminAddresses = async () =>
  (await sql<{ email: string }>('select b.email from public.blog_users b where private.serves_visitors(b.id) order by b.email')).map((r) => r.email.toLowerCase());

/** The window calendar_sync_claim gives (its own expression). */
async function syncWindow(): Promise<{ from: number; to: number }> {
  const [w] = await sql<{ from: Date; to: Date }>(
    `select date_trunc('day', now()) - interval '1 day' as "from",
            date_trunc('day', now()) + make_interval(days => coalesce((select s.booking_horizon_days from public.calendar_settings s limit 1), 60) + 2) as "to"`,
  );
  return { from: w.from.getTime(), to: w.to.getTime() };
}

/** A certificate authority of the test's own, and a certificate it signed for localhost. */
function makeCertificates(dir: string): { ca: string; key: string; cert: string } {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=calendar-sync test CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign');
  openssl('req', ...ec, '-keyout', 'localhost.key', '-out', 'localhost.csr', '-subj', '/CN=localhost');
  writeFileSync(join(dir, 'ext.cnf'), 'subjectAltName=DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n');
  openssl('x509', '-req', '-in', 'localhost.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'localhost.pem', '-days', '2', '-extfile', 'ext.cnf');
  return { ca: join(dir, 'ca.pem'), key: readFileSync(join(dir, 'localhost.key'), 'utf8'), cert: readFileSync(join(dir, 'localhost.pem'), 'utf8') };
}

/** A port nothing listens on (taken and given back). */
async function closedPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  temp = mkdtempSync(join(tmpdir(), 'calendar-sync-'));
  const certificates = makeCertificates(temp);
  secure = createHttpsServer({ key: certificates.key, cert: certificates.cert }, (req, res) => {
    secureSeen.push({ sni: (req.socket as TLSSocket).servername, host: req.headers.host });
    send(res, 200, 'text/calendar', smallFeed());
  });
  await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
  secureOrigin = `https://localhost:${(secure.address() as AddressInfo).port}`;
  feeds = createServer(serveFeeds);
  await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
  dns = createSocket('udp4');
  dns.on('message', (query, peer) => {
    try {
      dns.send(dnsAnswer(query), peer.port, peer.address);
    } catch {
      // a query it cannot read goes unanswered
    }
  });
  await new Promise<void>((resolve) => dns.bind(0, '127.0.0.1', resolve));
  h = await startHarness({
    functions: {
      // nothing to download from, and nowhere it was downloaded to before
      denoEnv: { DENO_DIR: join(temp, 'deno'), NPM_CONFIG_REGISTRY: `http://127.0.0.1:${await closedPort()}/`, DENO_CERT: certificates.ca },
      envFile: false,
      // CALENDAR_FEEDS_ALLOW_LOOPBACK is the stand-in's own default: not set here
      secrets: { CALENDAR_FEED_TIMEOUT_MS: String(TIMEOUT_MS), CALENDAR_FEEDS_DNS_SERVER: `127.0.0.1:${dns.address().port}` },
      onLog: (name, line) => logs.push(`${name}: ${line}`),
    },
  });
  // the stand-in's Edge Functions as private.mail_settings.functions_url, as `npm run dev` has it
  await useLocalMailCatcher(h.local, 'http://localhost:5173');
  // the failing feeds e-mail the admins (all at example.com): the outbox's hourly breaker is not
  // what this suite is about
  await setIntakeLimits(h.local.db, { mail_per_hour: 100_000, mail_per_domain_per_hour: 100_000 });
  zone = (await sql<{ zone: string }>('select private.calendar_zone() as zone'))[0].zone;
  today = dayOf(Date.now());
}, 60_000);

afterAll(async () => {
  for (const res of hanging) res.destroy();
  await h?.close();
  for (const server of [feeds, secure]) {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  }
  dns?.close();
  if (temp) rmSync(temp, { recursive: true, force: true });
});

describe('calendar-sync', () => {
  let good = '';
  const bad: Record<string, { id: string; error: RegExp }> = {};
  let moved = '';
  let flaky = '';

  it('syncs a feed as soon as an admin adds it: every occurrence in the window, at its instant', async () => {
    const admin = h.as(ADMIN);
    const added = await admin.rpc('add_calendar_feed', { label: 'Google', url: `${origin}/good.ics` });
    expect(added.error).toBeNull();
    good = added.data as string;
    await drain();

    const window = await syncWindow();
    const expected = goodBusy(window);
    // (the window holds every fixture but the ones meant to be outside it)
    expect(expected.length).toBeGreaterThan(15);
    expect(await busyOf(good)).toEqual(expected);
    // the test's own reading of the days: the Monday taken off is not there, the moved one is
    const w = weekly();
    expect(expected.some(([s]) => s === new Date(local(w.off, 10)).toISOString())).toBe(false);
    expect(expected.some(([s]) => s === new Date(local(plus(w.moved, 1), 16)).toISOString())).toBe(true);
    const row = await feedRow(good);
    expect(row).toMatchObject({ last_error: null, busy_count: expected.length });
    expect(row.last_synced_at).not.toBeNull();
  });

  it('fails each bad feed on its own with a message for the admin, and still syncs the good ones', async () => {
    const cases: [string, string, RegExp][] = [
      ['404', `${origin}/missing.ics`, /^Календарът не е намерен на този адрес \(грешка 404\)/],
      ['500', `${origin}/error`, /^Сървърът на календара отговори с грешка 500\./],
      ['HTML', `${origin}/page.html`, /^Адресът не върна календар във формат iCal \(\.ics\), а HTML страница\./],
      ['HTML, said to be text', `${origin}/page-as-text`, /а HTML страница\./],
      ['text', `${origin}/notes.txt`, /^Адресът не върна календар във формат iCal \(\.ics\)\.$/],
      ['50 MB', `${origin}/huge.ics`, /^Календарът е по-голям от 5 MB\.$/],
      ['50 MB, declared', `${origin}/huge-declared.ics`, /^Календарът е по-голям от 5 MB\.$/],
      ['silent', `${origin}/hang`, new RegExp(`^Календарът не отговори за ${TIMEOUT_MS / 1000} секунди\\.$`)],
      ['name → 10.1.2.3', 'https://private.calendar.test/feed.ics', /^Адресът сочи към вътрешна мрежа и не е разрешен\.$/],
      ['name → public and fd00::1', 'https://mixed.calendar.test/feed.ics', /^Адресът сочи към вътрешна мрежа/],
      ['name → ::ffff:169.254.169.254', 'https://metadata.calendar.test/feed.ics', /^Адресът сочи към вътрешна мрежа/],
      ['unknown name', 'https://nowhere.calendar.test/feed.ics', /^Адресът не може да бъде достигнат: името на сървъра не е намерено\.$/],
      ['metadata address', 'https://169.254.169.254/latest/meta-data', /^Адресът сочи към вътрешна мрежа/],
      ['IPv4-mapped private', 'https://[::ffff:10.0.0.1]/feed.ics', /^Адресът сочи към вътрешна мрежа/],
      ['unique local', 'https://[fd12:3456::1]/feed.ics', /^Адресът сочи към вътрешна мрежа/],
      ['redirect to http', `${origin}/to-http`, /^Позволени са само адреси с https:\/\/\.$/],
      ['redirect to a private network', `${origin}/to-private`, /^Адресът сочи към вътрешна мрежа/],
      ['endless redirects', `${origin}/loop`, /^Адресът пренасочва повече от 3 пъти\.$/],
    ];
    for (const [label, url, error] of cases) bad[label] = { id: await addFeed(label, url), error };
    moved = await addFeed('redirected', `${origin}/moved`);
    flaky = await addFeed('flaky', `${origin}/flaky.ics`);
    const before = await feedRow(good);

    expect(await sync()).toEqual({ feeds: cases.length + 3, synced: 3, failed: cases.length });

    const failures: Record<string, string | null> = {};
    for (const [label, { id }] of Object.entries(bad)) failures[label] = (await feedRow(id)).last_error;
    for (const [label, { id, error }] of Object.entries(bad)) {
      expect(failures[label], label).toMatch(error);
      expect(failures[label]!.length).toBeLessThanOrEqual(300);
      const row = await feedRow(id);
      expect(row.last_synced_at, label).toBeNull();
      expect(row.last_error_at, label).not.toBeNull();
      expect(await busyOf(id), label).toEqual([]);
    }
    // the names were looked up in DNS (the test's server), the literal addresses and a refused
    // http:// address were not
    expect([...dnsAsked]).toEqual(expect.arrayContaining(['metadata.calendar.test', 'mixed.calendar.test', 'nowhere.calendar.test', 'private.calendar.test']));
    for (const name of dnsAsked) expect(name).toMatch(/\.calendar\.test\b/);
    // the 50 MB feeds were not read whole (what is under way in sockets' buffers aside)
    expect(state.hugeSent).toBeLessThan(20 * MB);
    expect(state.declaredSent).toBeLessThan(20 * MB);

    // the good feed again: the same periods, replaced, not doubled
    const window = await syncWindow();
    expect(await busyOf(good)).toEqual(goodBusy(window));
    const after = await feedRow(good);
    expect(after.last_synced_at!.getTime()).toBeGreaterThan(before.last_synced_at!.getTime());
    // followed a redirect on the same (allowed) machine
    expect(await busyOf(moved)).toEqual([[new Date(local(D(3), 15)).toISOString(), new Date(local(D(3), 16)).toISOString()]]);
    expect(await feedRow(moved)).toMatchObject({ last_error: null, busy_count: 1 });
    expect(await feedRow(flaky)).toMatchObject({ last_error: null, busy_count: 1 });
  });

  it('keeps the last good busy times of a feed that starts failing, says why, and e-mails the admins once', async () => {
    // only the two feeds this test is about take part (the slow bad ones rest)
    await sql('update private.calendar_feeds set is_active = (id = any($1))', [[good, flaky]]);
    const admins = await adminAddresses();
    const told = () => h.local.mail.messages().filter((m) => m.subject.includes('„flaky“'));
    const before = await feedRow(flaky);
    const blocks = await busyOf(flaky);
    state.flaky = 'down';
    expect(await sync()).toEqual({ feeds: 2, synced: 1, failed: 1 });
    await drain();
    const after = await feedRow(flaky);
    expect(after.last_error).toBe('Сървърът на календара отговори с грешка 503. Ще опитаме отново при следващото синхронизиране.');
    expect(after.last_synced_at).toEqual(before.last_synced_at);
    expect(after.busy_count).toBe(1);
    expect(after.last_attempt_at!.getTime()).toBeGreaterThan(before.last_attempt_at!.getTime());
    expect(await busyOf(flaky)).toEqual(blocks);
    // one e-mail to each admin, saying what failed, with no address of the feed in it
    expect(told().map((m) => m.to.toLowerCase()).sort()).toEqual(admins);
    expect(admins.length).toBeGreaterThan(0);
    const [mail] = told();
    expect(mail.subject).toBe('Календарът „flaky“ не се синхронизира — Синаптика');
    expect(mail.text).toContain('Грешка: Сървърът на календара отговори с грешка 503.');
    expect(mail.text).toContain('/blog-admin/calendar');
    for (const secret of [origin, '127.0.0.1', 'flaky.ics']) {
      expect(mail.text).not.toContain(secret);
      expect(mail.html).not.toContain(secret);
    }

    // still down at the next run: no second e-mail
    await sync();
    await drain();
    expect(told()).toHaveLength(admins.length);

    // back up: synced again, the message gone; down again: told again
    state.flaky = 'good';
    await sync();
    expect(await feedRow(flaky)).toMatchObject({ last_error: null, last_error_at: null, busy_count: 1 });
    state.flaky = 'down';
    await sync();
    await drain();
    expect(told()).toHaveLength(2 * admins.length);
    state.flaky = 'good';
    await sync();
  });

  it('skips a bad, oversized or runaway event and stores the rest, saying what it skipped', async () => {
    await sql('update private.calendar_feeds set is_active = false');
    const mixed = await addFeed('mixed', `${origin}/mixed.ics`);
    expect(await sync()).toEqual({ feeds: 1, synced: 1, failed: 0 });
    expect(await busyOf(mixed)).toEqual([
      [new Date(local(D(2), 9)).toISOString(), new Date(local(D(2), 10)).toISOString()],
      [new Date(local(D(6), 9)).toISOString(), new Date(local(D(6), 10)).toISOString()],
    ]);
    const iso = (day: Day) => `${day.y}-${pad(day.m)}-${pad(day.d)}`;
    expect(await feedRow(mixed)).toMatchObject({
      last_error: null,
      busy_count: 2,
      skipped: [
        { reason: 'unreadable', count: 1, first: iso(D(5)) },
        { reason: 'no_start', count: 1, first: null },
        { reason: 'invalid_date', count: 1, first: null },
        { reason: 'end_before_start', count: 1, first: iso(D(2)) },
        { reason: 'too_long', count: 1, first: iso(D(4)) },
        { reason: 'too_many_occurrences', count: 1, first: iso(D(1)) },
        { reason: 'endless_rule', count: 1, first: iso(D(1)) },
      ],
    });
    // and the admin's list says so
    const { data } = await h.as(ADMIN).rpc('calendar_feeds');
    expect((data as { id: string; skipped: unknown }[]).find((f) => f.id === mixed)?.skipped).toHaveLength(7);
  });

  it('leaves the invitations its owner has not accepted free, the owner as the admin gave it', async () => {
    // room under the limit of 10 feeds: only the first feed and the flaky one stay
    await sql('delete from private.calendar_feeds where id <> all($1)', [[good, flaky]]);
    await sql('update private.calendar_feeds set is_active = false');
    const admin = h.as(ADMIN);
    const added = await admin.rpc('add_calendar_feed', { label: 'Покани', url: `${origin}/invitations.ics`, owner_email: ' Vera@Example.com ' });
    expect(added.error).toBeNull();
    await drain();
    const id = added.data as string;
    expect(await feedRow(id)).toMatchObject({ last_error: null, busy_count: 1 });
    // only the accepted one is busy
    expect(await busyOf(id)).toEqual([[new Date(local(D(4), 9)).toISOString(), new Date(local(D(4), 10)).toISOString()]]);
    const refused = await admin.rpc('add_calendar_feed', { label: 'Лош', url: `${origin}/small.ics`, owner_email: 'не е адрес' });
    expect(refused.error).toMatchObject({ hint: 'calendar_feed_owner', message: 'Въведете имейл адреса, с който сте в този календар, или оставете полето празно.' });
  });

  it('connects over TLS by the feed’s name, and refuses a certificate that is not for it', async () => {
    await sql('update private.calendar_feeds set is_active = false');
    const named = await addFeed('tls', `${secureOrigin}/feed.ics`);
    // the same server by its IP address: its certificate names localhost only
    const numbered = await addFeed('tls by address', secureOrigin.replace('localhost', '127.0.0.1') + '/feed.ics');
    const result = await sync();
    expect((await feedRow(named)).last_error).toBeNull();
    expect(result).toEqual({ feeds: 2, synced: 1, failed: 1 });
    expect(await feedRow(named)).toMatchObject({ last_error: null, busy_count: 1 });
    expect(secureSeen).toContainEqual({ sni: 'localhost', host: secureOrigin.replace('https://', '') });
    expect((await feedRow(numbered)).last_error).toBe('Адресът не може да бъде достигнат: сертификатът за защитена връзка (HTTPS) на сървъра не е валиден.');
  });

  it('says in the tab why a call never reached the function, from pg_net’s answer', async () => {
    await sql('update private.calendar_feeds set is_active = false');
    const lonely = await addFeed('lonely', `${origin}/small.ics`);
    const [{ url: functionsUrl }] = await sql<{ url: string }>('select functions_url as url from private.mail_settings');
    const through = async (url: string) => {
      await sql('update private.mail_settings set functions_url = $1', [url]);
      await sql('select private.request_calendar_sync()');
      await drain();
      // pg_net has its answer, and the function never recorded anything
      const answered = await sql(
        `select 1 from private.calendar_sync_runs x join net._http_response r on r.id = x.request_id
          where x.feed_id = $1 and x.claimed_at is null`,
        [lonely],
      );
      expect(answered.length).toBeGreaterThan(0);
      await sql('select private.calendar_sync_outcomes()');
      return (await feedRow(lonely)).last_error;
    };
    try {
      // a functions address where no function calendar-sync is: the gateway's 404
      expect(await through(`${h.url}/functions/v1/elsewhere`)).toBe(
        'Синхронизацията не стигна до календара: функцията calendar-sync не е публикувана (грешка 404). Публикувайте я: npx supabase functions deploy calendar-sync.',
      );
      // nothing listening: pg_net's own error
      expect(await through(`http://127.0.0.1:${await closedPort()}/functions/v1`)).toMatch(
        /^Синхронизацията не стигна до календара: функцията calendar-sync не може да бъде достигната \(.+\)\. Проверете functions_url в private\.mail_settings\.$/,
      );
    } finally {
      await sql('update private.mail_settings set functions_url = $1', [functionsUrl]);
    }
    // back at the function: a good sync, and the outcome of its run needs nothing more
    expect(await sync()).toEqual({ feeds: 1, synced: 1, failed: 0 });
    await sql('select private.calendar_sync_outcomes()');
    expect(await feedRow(lonely)).toMatchObject({ last_error: null, busy_count: 1 });
  });

  it('started with nothing to download: ical.js from node_modules, an empty cache, no registry', () => {
    // Deno says "Download …" for every package it fetches; it had nothing to fetch, and nowhere to
    // fetch it from
    expect(logs.filter((l) => /Download|registry|npm:/i.test(l))).toEqual([]);
    // the cache Deno was given is the one it used (it compiled the function there), with no package in it
    expect(existsSync(join(temp, 'deno'))).toBe(true);
    expect(readdirSync(join(temp, 'deno')).length).toBeGreaterThan(0);
    const npmCache = join(temp, 'deno', 'npm');
    expect(existsSync(npmCache) ? readdirSync(npmCache) : []).toEqual([]);
  });

  it('takes a run token once; a used or made-up one gets 401 and changes nothing, as does any other method', async () => {
    const [{ requested }] = await sql<{ requested: boolean }>('select private.request_calendar_sync() as requested');
    expect(requested).toBe(true);
    // the token on its way, as pg_net will send it
    const [queued] = await sql<{ url: string; run: string }>(
      `select url, convert_from(body, 'UTF8')::jsonb ->> 'run' as run from net.http_request_queue order by id desc limit 1`,
    );
    expect(queued.url).toBe(`${h.url}/functions/v1/calendar-sync`);
    await drain();
    const state0 = await snapshot();
    const post = (body: string) => callFunction({ method: 'POST', headers: { 'content-type': 'application/json' }, body });
    for (const run of [queued.run, 'made-up-run-token', `${queued.run.slice(0, -1)}x`]) {
      const res = await post(JSON.stringify({ run }));
      expect(res.status).toBe(401);
      // the function's own answer (verify_jwt is off for it), not the gateway's
      expect(res.headers.get('sb-error-code')).toBeNull();
      expect(await res.json()).toEqual({ error: 'invalid_run' });
    }
    expect((await post('{"run":')).status).toBe(400);
    expect((await post('{}')).status).toBe(400);
    expect((await post(JSON.stringify({ run: 42 }))).status).toBe(400);
    const get = await callFunction({ method: 'GET' });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect((await callFunction({ method: 'PUT', body: JSON.stringify({ run: queued.run }) })).status).toBe(405);
    expect(await snapshot()).toBe(state0);
  });

  it('names feeds by id only: no address in its log lines or its answers', async () => {
    const own = logs.filter((l) => l.startsWith('calendar-sync: '));
    expect(own.some((l) => l.includes(good))).toBe(true);
    for (const line of own) {
      expect(line).not.toMatch(/127\.0\.0\.1:\d+|calendar\.test|169\.254|\/[a-z-]+\.ics|https?:\/\/\w/);
    }
    const answers = await sql<{ content: string }>(`select content from net._http_response where content like '%feeds%'`);
    expect(answers.length).toBeGreaterThan(0);
    for (const { content } of answers) expect(content).toMatch(/^\{"feeds":\d+,"synced":\d+,"failed":\d+\}$/);
  });
});

describe('the address guard (address.ts)', () => {
  it('takes only public IP addresses', () => {
    const open = ['8.8.8.8', '93.184.215.14', '1.1.1.1', '100.63.255.255', '100.128.0.0', '172.32.0.1', '2606:4700:4700::1111', '2a00:1450:4017:80b::200e', '::ffff:8.8.8.8', '64:ff9b::808:808'];
    const closed = [
      '0.0.0.0', '10.0.0.1', '100.64.0.1', '100.127.255.254', '127.0.0.1', '127.8.9.1', '169.254.169.254', '172.16.0.1', '172.31.255.255', '192.0.0.8',
      '192.0.2.1', '192.88.99.1', '192.168.1.1', '198.18.0.1', '198.19.255.255', '198.51.100.7', '203.0.113.80', '224.0.0.1', '239.255.255.250', '240.0.0.1',
      '255.255.255.255', '::', '::1', '[::1]', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:a9fe:a9fe', '::10.0.0.1', '64:ff9b::a00:1',
      'fc00::1', 'fd12:3456::1', 'fe80::1', 'fec0::1', 'ff02::1', '2001:db8::1', '2001::1', '2002:a00:1::1', '3fff::1', '100::1', 'fe80::1%eth0', 'localhost', 'not an address', '1.2.3', '1.2.3.256', '01.2.3.4',
    ];
    for (const ip of open) expect(isPublicAddress(ip), ip).toBe(true);
    for (const ip of closed) expect(isPublicAddress(ip), ip).toBe(false);
  });

  it('knows the loopback addresses', () => {
    for (const ip of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1']) expect(isLoopbackAddress(ip), ip).toBe(true);
    for (const ip of ['10.0.0.1', '::', '::2', '8.8.8.8', 'localhost']) expect(isLoopbackAddress(ip), ip).toBe(false);
  });

  it('reads IPv6 in all its spellings', () => {
    expect(parseIPv6('2001:db8::1')).toEqual([0x2001, 0xdb8, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIPv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
    expect(parseIPv6('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const wrong of ['1:2:3:4:5:6:7', '1::2::3', '1:2:3:4:5:6:7:8:9', '12345::', 'g::1', ':1', '1:2:3:4:5:6:7::8']) expect(parseIPv6(wrong), wrong).toBeNull();
  });
});

describe('wall-clock times in a zone (zones.ts)', () => {
  const wall = (y: number, m: number, d: number, hour: number, minute = 0) => ({ year: y, month: m, day: d, hour, minute, second: 0 });
  it('reads a time in the zone’s offset of that day, as RFC 5545 does at the changes of the clocks', () => {
    expect(new Date(wallTimeToUtc(wall(2026, 12, 7, 10), 'Europe/Sofia')).toISOString()).toBe('2026-12-07T08:00:00.000Z');
    expect(new Date(wallTimeToUtc(wall(2027, 7, 5, 10), 'Europe/Sofia')).toISOString()).toBe('2027-07-05T07:00:00.000Z');
    // 03:30 never happens on 28 March 2027 in Sofia (03:00 → 04:00): read with the offset before the gap
    expect(new Date(wallTimeToUtc(wall(2027, 3, 28, 3, 30), 'Europe/Sofia')).toISOString()).toBe('2027-03-28T01:30:00.000Z');
    // 03:30 happens twice on 25 October 2026 (04:00 → 03:00): the first one
    expect(new Date(wallTimeToUtc(wall(2026, 10, 25, 3, 30), 'Europe/Sofia')).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(new Date(wallTimeToUtc(wall(2026, 12, 7, 9), 'America/New_York')).toISOString()).toBe('2026-12-07T14:00:00.000Z');
    expect(new Date(wallTimeToUtc(wall(2026, 12, 7, 9), 'UTC')).toISOString()).toBe('2026-12-07T09:00:00.000Z');
    expect(new Date(wallTimeToUtc(wall(2026, 12, 7, 9), 'Asia/Kolkata')).toISOString()).toBe('2026-12-07T03:30:00.000Z');
  });

  it('knows the IANA zones and nothing else', () => {
    for (const z of ['Europe/Sofia', 'America/New_York', 'UTC', 'Etc/GMT+2']) expect(isTimeZone(z), z).toBe(true);
    for (const z of ['Custom/Shifting', 'W. Europe Standard Time', '', 'Europe/Nowhere']) expect(isTimeZone(z), z).toBe(false);
  });
});
