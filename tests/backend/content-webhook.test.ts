// The content webhook (content-webhook.ts) against the stand-in and its pg_net worker.
import { defineContentWebhook } from './content-webhook.ts';
import { startHarness } from './harness.ts';

defineContentWebhook(() => startHarness());
