/**
 * Key under which the admin's session is kept in localStorage. Fixed (rather than supabase-js's
 * default `sb-<project-ref>-auth-token`) so that sign-out can remove it without knowing the project.
 * A module of its own, without any client: the public site's measurement reads whether staff are
 * signed in in this browser (src/site/runtime/insights.ts) and must not bring the admin's client.
 */
export const AUTH_STORAGE_KEY = 'sinaptika-auth-token';

/** Whether this browser keeps a session (a read only): the sign-in page asks before it loads the client. */
export function hasStoredSession(): boolean {
  try {
    return window.localStorage.getItem(AUTH_STORAGE_KEY) !== null;
  } catch {
    return false; // storage unavailable: nothing stored either
  }
}
