/*
 * What a prerendered page fetches of the privacy choice once it works (islands/runtime.tsx), or
 * when the footer's 'Настройки за поверителност' is pressed (islands/delegates.ts): a module only
 * ever loaded this way, so its chunk answers the import itself (./bar.ts is shared with the app
 * and the dialogs).
 */
export { openPrivacySettings, startConsentBar } from './bar';
