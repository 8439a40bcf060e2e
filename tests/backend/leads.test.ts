// Leads (leads.ts) against the stand-in, its pg_cron and pg_net stand-ins and its mail catcher.
import { defineLeads } from './leads.ts';
import { startHarness } from './harness.ts';

defineLeads(() => startHarness());
