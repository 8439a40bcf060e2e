// The newsletter (newsletter.ts) against the stand-in, its pg_net stand-in and its mail catcher.
import { defineNewsletter } from './newsletter.ts';
import { startHarness } from './harness.ts';

defineNewsletter(() => startHarness());
