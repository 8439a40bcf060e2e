// What the API shows of the database's functions (api-surface.ts) on the stand-in.
import { defineApiSurface } from './api-surface.ts';
import { startHarness } from './harness.ts';

defineApiSurface(() => startHarness());
