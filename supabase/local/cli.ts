// `npm run backend` (serve), `npm run db:reset` (start the data directory over and exit).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { readProjectConfig } from './config.ts';
import { openLocalDb, ROOT_DIR } from './db.ts';
import { LOCAL_ADMIN, LOCAL_ANON_KEY, LOCAL_PORT } from './keys.ts';
import { setIntakeLimits, startLocalSupabase, useLocalChatSink, useLocalMailCatcher } from './server.ts';

const args = new Set(process.argv.slice(2));
const memory = args.has('--memory');
const portArg = process.argv.find((a) => a.startsWith('--port='));
const port = portArg ? Number(portArg.split('=')[1]) : Number(process.env.LOCAL_SUPABASE_PORT ?? LOCAL_PORT);
// --sign-in-limit=N: password sign-ins per 5 minutes per IP and per e-mail (config.toml's by default).
// The end-to-end suite signs the same admin in for almost every test; it raises the limit so no
// test depends on how many signed in before it (the limit itself is tested in tests/backend).
const limitArg = process.argv.find((a) => a.startsWith('--sign-in-limit='));
const signInLimit = limitArg ? Number(limitArg.split('=')[1]) : undefined;
// --site-url=<origin>: where the site runs, for the links in the e-mails the database sends
// (config.toml's [auth] site_url by default; dev, preview and the end-to-end run each pass theirs)
const siteArg = process.argv.find((a) => a.startsWith('--site-url='));
const siteUrl = siteArg ? siteArg.slice('--site-url='.length) : readProjectConfig().siteUrl;
// --intake-limits=name=value,…: numbers of private.intake_limits to set at start. The end-to-end
// suite lifts the site-wide per-minute ceilings with it, since they count every test's forms
// together; the tests about the ceilings put them back through /__local/intake-limits.
const intakeArg = process.argv.find((a) => a.startsWith('--intake-limits='));
const intakeLimits = intakeArg
  ? Object.fromEntries(intakeArg.slice('--intake-limits='.length).split(',').map((pair) => {
      const [name, value] = pair.split('=');
      return [name.trim(), Number(value)];
    }))
  : null;

// --mail-rate-limit=N: the mail provider's requests a second, as the catcher plays them (Resend's
// default is 2; more in a second are answered 429 with retry-after). No limit by default, or
// LOCAL_MAIL_RATE_LIMIT; `PUT /__local/mail/limits` changes it while the stand-in runs.
const mailRateArg = process.argv.find((a) => a.startsWith('--mail-rate-limit='))?.slice('--mail-rate-limit='.length) ?? process.env.LOCAL_MAIL_RATE_LIMIT;
const mailRequestsPerSecond = mailRateArg === undefined || mailRateArg === '' ? undefined : Number(mailRateArg);
if (mailRequestsPerSecond !== undefined && (!Number.isInteger(mailRequestsPerSecond) || mailRequestsPerSecond < 0)) {
  console.error(`--mail-rate-limit must be a whole number of requests a second (0: no limit), not ${mailRateArg}`);
  process.exit(2);
}

// --no-read-replica: no second database answering reads while a long statement runs. The replica
// is refreshed a second after each write by copying the whole database (about a second of CPU);
// the end-to-end suite, which runs no long statement, spent 40% of its CPU on it. The replica
// itself is tested in tests/backend/statement-timeout.test.ts.
const readReplica = !args.has('--no-read-replica');

const forgetFiles = () => {
  rmSync(join(ROOT_DIR, '.local', 'storage'), { recursive: true, force: true });
  rmSync(join(ROOT_DIR, '.local', 'mail-catcher.json'), { force: true });
};
if (args.has('--reset-only')) {
  forgetFiles();
  const db = await openLocalDb({ reset: true });
  await db.close();
  console.log('Local database reset: migrations and seed applied to .local/db');
  process.exit(0);
}

if (args.has('--reset')) forgetFiles();
const started = Date.now();
const local = await startLocalSupabase({
  memory,
  reset: args.has('--reset'),
  port,
  signInLimits: signInLimit === undefined ? undefined : { perIp: signInLimit, perEmail: signInLimit },
  // --trust-client-address: take each request's cf-connecting-ip as its visitor, as behind hosted's
  // gateway; the end-to-end suite plays many visitors from one machine with it
  trustClientAddress: args.has('--trust-client-address'),
  readReplica,
  mailRequestsPerSecond,
});
if (intakeLimits) {
  const unknown = await setIntakeLimits(local.db, intakeLimits);
  if (unknown.length) throw new Error(`--intake-limits: no such limit: ${unknown.join(', ')}`);
}
// the team-chat notification goes to the sink below (a real address set in the database stays)
await useLocalChatSink(local);
// and the e-mails to its mail catcher (a real provider's settings in the database stay)
await useLocalMailCatcher(local, siteUrl);
console.log(`Local Supabase stand-in on ${local.url} (${memory ? 'in memory' : local.db.location}), ready in ${Date.now() - started} ms`);
console.log(`  anon key: ${LOCAL_ANON_KEY}`);
console.log(`  admin:    ${LOCAL_ADMIN.email} / ${LOCAL_ADMIN.password}`);
console.log(`  chat:     ${local.url}/__local/chat-webhook (what the team chat would receive)`);
console.log(`  mail:     ${local.url}/__local/mailbox (every e-mail the site sends; JSON at /__local/mail)`);
console.log(`  functions: ${local.url}/functions/v1/<name> (supabase/functions/<name>/index.ts, in Deno)`);

const stop = async () => {
  await local.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
