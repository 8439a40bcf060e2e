// Optimistic concurrency of the admin edits (edit-concurrency.ts) against the stand-in.
import { defineEditConcurrency } from './edit-concurrency.ts';
import { startHarness } from './harness.ts';

defineEditConcurrency(() => startHarness());
