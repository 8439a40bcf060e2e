// Sign-in as on a hosted project (hosted-auth.ts) against the stand-in.
import { defineHostedAuth, HOSTED_AUTH_OPTIONS } from './hosted-auth.ts';
import { startHarness } from './harness.ts';

defineHostedAuth(() => startHarness(HOSTED_AUTH_OPTIONS));
