// Staff ids and select=* (staff-ids.ts) against the stand-in, with sign-ups open as on a hosted
// project (the signed-up account is a real one).
import { defineStaffIds } from './staff-ids.ts';
import { HOSTED_SIGNUPS, startHarness } from './harness.ts';

defineStaffIds(() => startHarness({ auth: HOSTED_SIGNUPS }));
