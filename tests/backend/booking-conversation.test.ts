// The booking conversation (booking-conversation.ts) against the stand-in, its pg_net worker and
// its mail catcher.
import { defineBookingConversation } from './booking-conversation.ts';
import { startHarness } from './harness.ts';

defineBookingConversation(() => startHarness());
