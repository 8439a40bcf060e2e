/*
 * The manage link's network calls: read, cancel and move a booking through the SECURITY DEFINER
 * functions that take the link's token (migration 20261128000300_booking_conversation.sql). They
 * go through `.rpc()`, which POSTs, so the token travels in the request body and never in a URL
 * that a server or proxy would log. Nothing here logs the token or the page's address.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { codeOf, hintOf } from '@/shared/db/errors';
import { getPublicDb } from '@/shared/db/public-db';
import { bookingKeys, refusalOf } from '@/site/dialogs/booking/api';

/** 'no_show' is an admin's mark after the meeting (whose link has expired by then); any other is shown as over. */
export type ManagedBookingStatus = 'pending' | 'confirmed' | 'cancelled' | 'no_show';

/** What the manage link shows of a booking (never the visitor's e-mail, phone or message). */
export interface ManagedBooking {
  status: ManagedBookingStatus;
  /** ISO instants. */
  starts_at: string;
  ends_at: string;
  client_name: string;
  consultant_name: string;
  /** The consultant's IANA zone. */
  time_zone: string;
  /** The zone the visitor's browser reported at booking, if any. */
  visitor_time_zone: string | null;
  /** Where to meet (https; a move keeps it); null when cancelled, absent from an older database. */
  meeting_url?: string | null;
  cutoff_hours: number;
  /** Until when the visitor may move or cancel it (ISO instant). */
  change_until: string;
  can_change: boolean;
  /** How many more times the visitor may move it through the link (the database allows a few). */
  moves_left: number;
}

/**
 * Why a link opens no booking: 'unknown' (no such link), 'replaced' (a newer e-mail about the
 * booking was sent since, and only its link works), 'expired' (the meeting is over).
 */
export type LinkProblem = 'unknown' | 'replaced' | 'expired';

/**
 * Why a cancel or move was refused: past the cut-off ('too_late'), the booking cancelled already
 * ('already_cancelled', 'move_cancelled'), moved through its links as often as the database allows
 * ('move_limit'), the time it already has ('same_slot'), the slot taken meanwhile by another booking
 * or the consultant's busy time ('taken'), or the rules of a new booking (as in the dialog), the
 * pause while the consultant's calendar is not read ('paused') among them.
 */
export type ChangeRefusal =
  | 'too_late'
  | 'already_cancelled'
  | 'move_cancelled'
  | 'move_limit'
  | 'same_slot'
  | 'taken'
  | 'closed'
  | 'paused'
  | 'day_off'
  | 'too_soon'
  | 'too_far'
  | 'slot';

export class BookingLinkError extends Error {
  constructor(readonly kind: LinkProblem) {
    super(`The booking link cannot be used (${kind})`);
    this.name = 'BookingLinkError';
  }
}

export class BookingChangeError extends Error {
  constructor(readonly kind: ChangeRefusal) {
    super(`The change was refused (${kind})`);
    this.name = 'BookingChangeError';
  }
}

const LINK_PROBLEMS: Record<string, LinkProblem> = {
  booking_link_unknown: 'unknown',
  booking_link_replaced: 'replaced',
  booking_link_expired: 'expired',
};

const CHANGE_REFUSALS: Record<string, ChangeRefusal> = {
  booking_change_too_late: 'too_late',
  booking_already_cancelled: 'already_cancelled',
  booking_move_cancelled: 'move_cancelled',
  booking_move_limit: 'move_limit',
  booking_same_slot: 'same_slot',
};

/** The error a refusal of the database stands for; anything else is returned as it is. */
export function manageErrorOf(error: unknown): unknown {
  if (codeOf(error) === '23505') return new BookingChangeError('taken');
  const hint = hintOf(error);
  if (Object.hasOwn(LINK_PROBLEMS, hint)) return new BookingLinkError(LINK_PROBLEMS[hint]);
  if (Object.hasOwn(CHANGE_REFUSALS, hint)) return new BookingChangeError(CHANGE_REFUSALS[hint]);
  const rule = refusalOf(hint);
  // a move skips the intake limits, so only the slot rules can come back here
  if (rule && !rule.startsWith('limit')) return new BookingChangeError(rule as ChangeRefusal);
  return error;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The booking object of an answer, checked for the fields the page relies on. */
function toBooking(value: unknown): ManagedBooking {
  if (!isRecord(value) || typeof value.starts_at !== 'string' || typeof value.status !== 'string') {
    throw new Error('Unexpected answer for a booking');
  }
  return value as unknown as ManagedBooking;
}

export const manageKeys = {
  // the token is kept in memory only, never in storage
  booking: (token: string) => ['manage-booking', token] as const,
};

/** The shape of a link's token (32 random bytes, base64url): anything else is not asked about. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export async function fetchBookingByToken(token: string): Promise<ManagedBooking> {
  if (!TOKEN_PATTERN.test(token)) throw new BookingLinkError('unknown');
  const db = await getPublicDb();
  const { data, error } = await db.rpc('booking_by_token', { token });
  if (error) throw manageErrorOf(error);
  return toBooking(data);
}

export async function cancelBooking(token: string): Promise<ManagedBooking> {
  const db = await getPublicDb();
  const { data, error } = await db.rpc('cancel_booking', { token });
  if (error) throw manageErrorOf(error);
  return toBooking(data);
}

export interface MoveResult {
  /** The booking's only live link from now on; null when the database made none (no mail set up). */
  token: string | null;
  booking: ManagedBooking;
}

export async function moveBooking({ token, newStart }: { token: string; newStart: string }): Promise<MoveResult> {
  const db = await getPublicDb();
  const { data, error } = await db.rpc('move_booking', { token, new_start: newStart });
  if (error) throw manageErrorOf(error);
  if (!isRecord(data)) throw new Error('Unexpected answer for a move');
  return { token: typeof data.token === 'string' && data.token ? data.token : null, booking: toBooking(data.booking) };
}

/**
 * The booking a link opens, read once: the page's own changes answer with the booking, and a move's
 * answer is stored under the new link. A refused link is final and not asked again; any other
 * failure is retried as the app's client retries.
 */
export function useManagedBooking(token: string) {
  const queryClient = useQueryClient();
  const fallback = queryClient.getDefaultOptions().queries?.retry;
  return useQuery({
    queryKey: manageKeys.booking(token),
    queryFn: () => fetchBookingByToken(token),
    staleTime: Infinity,
    retry: (failures, error) => {
      if (error instanceof BookingLinkError) return false;
      if (typeof fallback === 'function') return fallback(failures, error);
      if (typeof fallback === 'number') return failures < fallback;
      return fallback ?? failures < 3;
    },
  });
}

export function useCancelBooking(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelBooking(token),
    onSuccess: (booking) => {
      queryClient.setQueryData(manageKeys.booking(token), booking);
      // the slot is free again
      void queryClient.invalidateQueries({ queryKey: bookingKeys.takenPrefix() });
    },
  });
}

/**
 * Moves the booking. The answer's booking is stored under the new token's key before the page
 * goes there, so the page shows it at once rather than reading it again.
 */
export function useMoveBooking(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newStart: string) => moveBooking({ token, newStart }),
    onSuccess: (result) => {
      queryClient.setQueryData(manageKeys.booking(result.token ?? token), result.booking);
    },
    // moved or refused as taken: either way the taken slots have changed
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.takenPrefix() }),
  });
}
