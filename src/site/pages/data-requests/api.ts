/*
 * The network calls of the data-request pages (migration 20261129000900_data_requests.sql): the
 * form's request_personal_data (the same answer for every address, again with a proof of work when
 * the database asks for one: ../../dialogs/proof-of-work.ts), what the e-mailed link's page shows
 * (data_request_by_token, which changes nothing: mail scanners open every link) and its button
 * (confirm_data_request). All through `.rpc()`, so the token travels in a request's body, never in
 * an address a server logs.
 */
import { hintOf } from '@/shared/db/errors';
import { getPublicDb } from '@/shared/db/public-db';
import { sendWithProof } from '@/site/dialogs/proof-of-work';

export type DataRequestKind = 'copy' | 'erasure';
export type DataRequestState = 'ready' | 'confirmed' | 'expired' | 'unknown';

export interface DataRequestLink {
  state: DataRequestState;
  kind?: DataRequestKind;
  /** The address, masked (i***@example.com). */
  email?: string;
  /** When the answer is due (ISO), once confirmed. */
  dueAt?: string;
}

/** Why a request was refused, in the visitor's words; the form shows it and keeps what was typed. */
export class DataRequestRefusal extends Error {
  constructor(
    message: string,
    readonly original: unknown,
  ) {
    super(message);
    this.name = 'DataRequestRefusal';
  }
}

export const REQUEST_FAILED = 'Заявката не беше изпратена. Проверете връзката си и опитайте отново.';
export const REQUEST_LIMIT = 'Твърде много заявки от вашата мрежа за кратко време. Опитайте отново след няколко минути.';
export const REQUEST_EMAIL_INVALID = 'Въведете валиден имейл адрес.';

export async function requestPersonalData(email: string, kind: DataRequestKind, traps: { bot_trap: string | null; fill_ms: number }): Promise<void> {
  const db = await getPublicDb();
  const args = { email: email.trim(), kind, ...traps, bot_trap: traps.bot_trap ?? undefined };
  let error: unknown;
  try {
    error = await sendWithProof('data_request', async (proof) => (await db.rpc('request_personal_data', proof ? { ...args, proof } : args)).error);
  } catch (thrown) {
    throw new DataRequestRefusal(REQUEST_FAILED, thrown);
  }
  if (!error) return;
  const hint = hintOf(error);
  if (hint === 'data_request_email_invalid') throw new DataRequestRefusal(REQUEST_EMAIL_INVALID, error);
  if (hint === 'data_request_limit_client') throw new DataRequestRefusal(REQUEST_LIMIT, error);
  throw new DataRequestRefusal(REQUEST_FAILED, error);
}

/** A link's token: 32 random bytes, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const STATES: readonly DataRequestState[] = ['ready', 'confirmed', 'expired', 'unknown'];

function toLink(value: unknown): DataRequestLink {
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const state = STATES.find((s) => s === record.state);
  if (!state) throw new Error('Unexpected answer for a data request link');
  return {
    state,
    kind: record.kind === 'copy' || record.kind === 'erasure' ? record.kind : undefined,
    email: typeof record.email === 'string' ? record.email : undefined,
    dueAt: typeof record.due_at === 'string' ? record.due_at : undefined,
  };
}

export async function fetchDataRequestLink(token: string): Promise<DataRequestLink> {
  if (!TOKEN.test(token)) return { state: 'unknown' };
  const db = await getPublicDb();
  const { data, error } = await db.rpc('data_request_by_token', { token });
  if (error) throw error;
  return toLink(data);
}

/** The page's button: the request confirmed (or already), or the state a refusal leads to. */
export async function confirmDataRequest(token: string): Promise<DataRequestLink> {
  const db = await getPublicDb();
  const { data, error } = await db.rpc('confirm_data_request', { token });
  if (error) {
    const hint = hintOf(error);
    if (hint === 'data_request_link_expired') return { state: 'expired' };
    if (hint === 'data_request_link_invalid') return { state: 'unknown' };
    throw error;
  }
  return toLink(data);
}
