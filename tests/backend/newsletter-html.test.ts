// The newsletter's HTML (newsletter-html.ts) against the stand-in and its mail catcher.
import { defineNewsletterHtml } from './newsletter-html.ts';
import { startHarness } from './harness.ts';

defineNewsletterHtml(() => startHarness());
