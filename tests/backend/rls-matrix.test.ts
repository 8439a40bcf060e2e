// The access matrix (rls-matrix.ts) against the stand-in.
import { defineRlsMatrix } from './rls-matrix.ts';
import { startHarness } from './harness.ts';

defineRlsMatrix(() => startHarness());
