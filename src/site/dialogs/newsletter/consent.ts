/*
 * What the newsletter box tells a visitor before they subscribe, and the name of that wording.
 * The database keeps each sign-up's wording by this name (private.newsletter_wordings, migration
 * 20261128001000_newsletter.sql) as the proof of what the visitor was told; a new wording is a new
 * version there and here, never an edit of an old one (tests/unit/newsletter-consent.test.ts
 * compares the two).
 */
export const NEWSLETTER_WORDING_VERSION = '2026-12';

/** The box's lead line and the sentence on the confirmation e-mail and unsubscribing. */
export const NEWSLETTER_WORDING = {
  lead: 'Полезни идеи за AI и автоматизация, веднъж месечно.',
  terms: 'Ще ви изпратим имейл за потвърждение; можете да се отпишете по всяко време.',
} as const;

/** The wording as the database stores it: both sentences, one space apart. */
export const newsletterWordingText = () => `${NEWSLETTER_WORDING.lead} ${NEWSLETTER_WORDING.terms}`;
