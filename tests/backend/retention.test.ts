// Retention by settings (retention.ts) against the stand-in.
import { defineRetention } from './retention.ts';
import { startHarness } from './harness.ts';

defineRetention(() => startHarness());
