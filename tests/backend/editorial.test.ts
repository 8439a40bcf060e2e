// The editor's database (editorial.ts) against the stand-in, its cron table and pg_net worker,
// with sign-ups open as on a hosted project (the strangers are real accounts).
import { defineEditorial } from './editorial.ts';
import { HOSTED_SIGNUPS, startHarness } from './harness.ts';

defineEditorial(() => startHarness({ auth: HOSTED_SIGNUPS }));
