// Contacts change only by an admin (contacts.ts) against the stand-in.
import { defineContacts } from './contacts.ts';
import { startHarness } from './harness.ts';

defineContacts(() => startHarness());
