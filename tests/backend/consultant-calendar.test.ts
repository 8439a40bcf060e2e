// The consultant's calendar (consultant-calendar.ts) against the stand-in.
import { defineConsultantCalendar } from './consultant-calendar.ts';
import { startHarness } from './harness.ts';

defineConsultantCalendar(() => startHarness());
