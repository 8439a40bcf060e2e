// What the public sends cannot be turned against others (public-abuse.ts), against the stand-in,
// its pg_net worker, its mail catcher and its chat sink.
import { definePublicAbuse } from './public-abuse.ts';
import { startHarness } from './harness.ts';

definePublicAbuse(() => startHarness());
