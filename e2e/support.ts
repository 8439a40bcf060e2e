// Shared helpers for the end-to-end suites: a service-role client to check what the database
// holds, the webhook sink, and signing in (through the real login page, or straight into a tab).
import '../tests/backend/node-websocket.ts';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { E2E_BACKEND_URL, LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../scripts/tools/e2e-env.mjs';
import { AUTH_STORAGE_KEY } from '../src/shared/db/supabase.ts';
import { totpCode } from '../supabase/local/auth/totp.ts';

const noPersist = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

/** Bypasses row-level security: for arranging and checking rows only. */
export const db: SupabaseClient = createClient(E2E_BACKEND_URL, LOCAL_SERVICE_ROLE_KEY, noPersist);
/** What an anonymous visitor's browser can do. */
export const anonDb: SupabaseClient = createClient(E2E_BACKEND_URL, LOCAL_ANON_KEY, noPersist);

export const ADMIN = { email: 'admin@example.com', password: 'admin-local-password' } as const;

export interface WebhookMessage {
  at: string;
  body: { content?: string; embeds?: { title?: string; color?: number; timestamp?: string; fields?: { name: string; value: string }[] }[] };
}

export async function webhookMessages(): Promise<WebhookMessage[]> {
  const res = await fetch(`${E2E_BACKEND_URL}/__local/chat-webhook`);
  return (await res.json()) as WebhookMessage[];
}

/**
 * What the chat shows of a field: the database escapes Discord's markdown in what visitors typed
 * (a backslash before each special character), and the chat shows the characters themselves.
 */
export const chatShows = (value: string) => value.replace(/\\([\\*_~`|>#[\]()<:@!-])/g, '$1');

export async function clearWebhook(): Promise<void> {
  await fetch(`${E2E_BACKEND_URL}/__local/chat-webhook`, { method: 'DELETE' });
}

/**
 * A client address of its own for this page (or context), as hosted's gateway would report a
 * visitor (cf-connecting-ip; the suite's stand-in runs with --trust-client-address): the database
 * counts its limits per visitor, so no test's forms count against another's.
 */
let visitors = 0;
export function visitorAddress(): string {
  visitors += 1;
  // a /24 of its own per visitor: the database's wider tier counts networks, not addresses
  return `10.${(Math.floor(visitors / 250) % 30) + 200}.${visitors % 250}.${(process.pid % 250) + 1}`;
}
export async function asVisitor(target: Page | BrowserContext, address = visitorAddress()): Promise<string> {
  await target.setExtraHTTPHeaders({ 'cf-connecting-ip': address });
  return address;
}
/** An anonymous API client that is a visitor of its own. */
export function anonVisitor(address = visitorAddress()): SupabaseClient {
  return createClient(E2E_BACKEND_URL, LOCAL_ANON_KEY, { ...noPersist, global: { headers: { 'cf-connecting-ip': address } } });
}

/** No person sends a form sooner than this after opening it; the database drops what comes faster. */
export const PERSON_FILL_MS = 4000;
/**
 * The moment a form dialog is on screen, as its bot trap counts it (the dialog's clock starts when
 * it mounts, which on a slow machine is well after the click that asked for it).
 */
export async function shownAt(dialog: Locator): Promise<number> {
  await expect(dialog).toBeVisible();
  return Date.now();
}

/** Waits, if needed, until a form shown at `openedAt` (shownAt) has been open as long as a person needs. */

export async function likeAPerson(openedAt: number): Promise<void> {
  const rest = openedAt + PERSON_FILL_MS - Date.now();
  if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
}

/** A suffix that keeps names made by one test apart from another's. */
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface GrantedSession {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at?: number;
  user: { id: string; factors?: { id: string; status: string; factor_type: string }[] };
}

async function authCall<T>(path: string, body: unknown, token?: string, method = 'POST'): Promise<T> {
  const res = await fetch(`${E2E_BACKEND_URL}/auth/v1${path}`, {
    method,
    headers: { apikey: token === LOCAL_SERVICE_ROLE_KEY ? LOCAL_SERVICE_ROLE_KEY : LOCAL_ANON_KEY, 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => ({}))) as T;
  expect(res.ok, `${method} /auth/v1${path}: ${res.status} ${JSON.stringify(answer)}`).toBe(true);
  return answer;
}

/**
 * The administrator's authenticator, as a phone would hold it: the key of the TOTP factor this
 * worker enrolled for ADMIN through GoTrue's MFA API (the administrator's role opens people and
 * visitors' data only at aal2). Enrolled once per worker; a factor a previous worker left, whose
 * key is lost with it, is removed through the admin API first.
 */
let adminKey: Promise<string> | null = null;
export function adminAuthenticator(): Promise<string> {
  adminKey ??= (async () => {
    const session = await authCall<GrantedSession>('/token?grant_type=password', { email: ADMIN.email, password: ADMIN.password });
    for (const factor of session.user.factors ?? []) {
      await authCall(`/admin/users/${session.user.id}/factors/${factor.id}`, undefined, LOCAL_SERVICE_ROLE_KEY, 'DELETE');
    }
    const fresh = await authCall<GrantedSession>('/token?grant_type=password', { email: ADMIN.email, password: ADMIN.password });
    const enrolled = await authCall<{ id: string; totp: { secret: string } }>('/factors', { factor_type: 'totp', friendly_name: 'Тестове' }, fresh.access_token);
    const challenge = await authCall<{ id: string }>(`/factors/${enrolled.id}/challenge`, {}, fresh.access_token);
    await authCall(`/factors/${enrolled.id}/verify`, { challenge_id: challenge.id, code: totpCode(enrolled.totp.secret) }, fresh.access_token);
    return enrolled.totp.secret;
  })();
  adminKey.catch(() => (adminKey = null));
  return adminKey;
}

/** The administrator's second step on the sign-in page: the authenticator's code, then 'Потвърди'. */
export async function passAdminCode(page: Page) {
  const key = await adminAuthenticator();
  await page.getByLabel('Код').fill(totpCode(key));
  await page.getByRole('button', { name: 'Потвърди' }).click();
}

/** The administrator signed in through the API as the panel is: password, then the authenticator's code (aal2). */
export async function adminApi(): Promise<SupabaseClient> {
  const key = await adminAuthenticator();
  const client = createClient(E2E_BACKEND_URL, LOCAL_ANON_KEY, noPersist);
  const { data, error } = await client.auth.signInWithPassword(ADMIN);
  expect(error).toBeNull();
  const factor = data.user?.factors?.find((f) => f.status === 'verified');
  expect(factor, 'the administrator has a verified factor').toBeTruthy();
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: totpCode(key) });
  expect(verified.error).toBeNull();
  return client;
}

/**
 * Signs in through /login (with the authenticator's code for ADMIN) and waits for the admin panel:
 * the role's first screen ('Табло' for an administrator, the posts for an author, the inquiries for
 * a consultant).
 */
export async function signIn(page: Page, email: string = ADMIN.email, password: string = ADMIN.password) {
  await page.goto('/login');
  await signInHere(page, email, password);
}

/**
 * Signs in as signIn() does, sent to /login from `path` (a panel address, as from a bookmark), and
 * waits until the panel returns there. The specs of the posts start at the list this way: it is an
 * author's first screen, not an administrator's.
 */
export async function signInAt(page: Page, path: string, email: string = ADMIN.email, password: string = ADMIN.password) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login$/);
  await signInHere(page, email, password);
  await expect(page).toHaveURL((url) => url.pathname + url.search === path);
}

/** The sign-in page's form, filled and sent, and the authenticator's code for ADMIN. */
async function signInHere(page: Page, email: string, password: string) {
  const key = email === ADMIN.email ? await adminAuthenticator() : null;
  await page.getByLabel(/имейл|e-mail|email/i).fill(email);
  await page.getByLabel(/парола|password/i).fill(password);
  await page.getByRole('button', { name: 'Вход' }).click();
  if (key) {
    await page.getByLabel('Код').fill(totpCode(key));
    await page.getByRole('button', { name: 'Потвърди' }).click();
  }
  // a first sign-in opens the role's first tab (an administrator's /blog-admin/dashboard); signing
  // in again in the same page returns to the address the page was at when it signed out
  await expect(page).toHaveURL(/\/blog-admin\/[a-z]/);
}

/**
 * Opens `path` in the admin already signed in, the way a returning admin arrives: a session made
 * through the Auth API (the same password grant the login form sends) is put where the app keeps
 * it, and the page loads straight into the tab. For the tests whose subject is not the sign-in
 * itself; admin-auth.spec.ts and the others that test the form keep signIn().
 */
export async function openSignedIn(page: Page, path: string, email: string = ADMIN.email, password: string = ADMIN.password) {
  const key = email === ADMIN.email ? await adminAuthenticator() : null;
  let session = await authCall<GrantedSession>('/token?grant_type=password', { email, password });
  const factor = session.user.factors?.find((f) => f.status === 'verified');
  if (key && factor) {
    // the code step the login page would ask for: GoTrue's challenge and verify, an aal2 session
    const challenge = await authCall<{ id: string }>(`/factors/${factor.id}/challenge`, {}, session.access_token);
    session = await authCall<GrantedSession>(`/factors/${factor.id}/verify`, { challenge_id: challenge.id, code: totpCode(key) }, session.access_token);
  }
  session.expires_at ??= Math.floor(Date.now() / 1000) + session.expires_in;
  // a small same-origin file gives the page the site's storage without loading the app twice
  await page.goto('/robots.txt');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [AUTH_STORAGE_KEY, JSON.stringify(session)] as const);
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Изход' })).toBeVisible();
}

/** The toast region: toasts render here (a screen-reader copy of each is announced elsewhere). */
export function toasts(page: Page) {
  return page.getByRole('region', { name: /Известия/ });
}

/** A visitor of its own opens the booking dialog from the landing page, on next month's calendar. */
export async function openBookingOnNextMonth(page: Page) {
  await asVisitor(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Запазете консултация' }).click();
  const dialog = page.getByRole('dialog', { name: 'Запазете консултация' });
  await expect(dialog.getByText('Мария Иванова')).toBeVisible(); // the seeded consultant
  await dialog.getByRole('button', { name: 'Следващ месец' }).click();
  return dialog;
}

/**
 * Books the first free slot from 13:00 on a weekday of next month (Sofia's clock) through the API
 * as `client`; returns the instant. A slot another test holds is skipped; any other refusal throws.
 */
export async function bookNextMonth(client: SupabaseClient, name: string, email: string, extra: Record<string, unknown> = {}): Promise<string> {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 3, 12));
  for (let d = 0; d < 25; d++) {
    const day = new Date(first.getTime() + d * 86_400_000);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    const offset = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Sofia', timeZoneName: 'longOffset' })
      .formatToParts(day)
      .find((p) => p.type === 'timeZoneName')!.value.slice(3);
    for (const time of ['13:00', '13:30', '14:00', '14:30', '15:00']) {
      const at = new Date(`${day.toISOString().slice(0, 10)}T${time}:00${offset || '+00:00'}`).toISOString();
      const { error } = await client.from('appointments').insert({ client_name: name, client_email: email, preferred_date: at, ...extra });
      if (!error) return at;
      if (error.code !== '23505') throw new Error(`${error.hint ?? ''} ${error.message}`);
    }
  }
  throw new Error('no free slot next month');
}

/** Runs a scheduled job now, as pg_cron would at its minute (the stand-in runs it every minute too; this does not wait). */
export async function runCronJob(job: string): Promise<void> {
  const res = await fetch(`${E2E_BACKEND_URL}/__local/cron`, {
    method: 'POST',
    headers: { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ job }),
  });
  expect(res.status).toBe(204);
}

/** private.intake_limits through the stand-in's shortcut: the numbers, after `change` if given. */
export async function intakeLimits(change?: Record<string, number>): Promise<Record<string, number>> {
  const res = await fetch(`${E2E_BACKEND_URL}/__local/intake-limits`, {
    method: change ? 'PUT' : 'GET',
    headers: { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' },
    body: change ? JSON.stringify(change) : undefined,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, number>;
}
