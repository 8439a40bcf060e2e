// The booking and inquiry rules (booking-rules.ts) against the stand-in.
import { defineBookingRules } from './booking-rules.ts';
import { startHarness } from './harness.ts';

defineBookingRules(() => startHarness());
