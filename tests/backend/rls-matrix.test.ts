// The access matrix (rls-matrix.ts) against the stand-in.
import { defineRlsMatrix } from './rls-matrix.ts';
import { HOSTED_SIGNUPS, startHarness } from './harness.ts';

defineRlsMatrix(() => startHarness({ auth: HOSTED_SIGNUPS }));
