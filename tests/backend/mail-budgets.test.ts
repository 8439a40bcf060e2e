// What visitors cause cannot silence the mail (mail-budgets.ts), against the stand-in, its pg_net
// worker and its mail catcher.
import { defineMailBudgets } from './mail-budgets.ts';
import { startHarness } from './harness.ts';

defineMailBudgets(() => startHarness());
