// Mailboxes as their providers fold them (mailboxes.ts) against the stand-in.
import { defineMailboxes } from './mailboxes.ts';
import { startHarness } from './harness.ts';

defineMailboxes(() => startHarness());
