// The roles matrix (roles.ts) against the stand-in.
import { defineRoleMatrix } from './roles.ts';
import { HOSTED_SIGNUPS, startHarness } from './harness.ts';

defineRoleMatrix(() => startHarness({ auth: HOSTED_SIGNUPS }));
