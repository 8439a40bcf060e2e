import { adminKeys } from '@/admin/kit/data/api';
import type { BookingStatus, InquiryFilters } from './types';

/*
 * The inbox's query keys and how live its reads are, apart from its requests (api.ts), so the
 * panel's badges (counts.ts) load without the lists' code.
 */

/** The lists refresh this often while the panel is open (and whenever the window regains focus). */
export const INBOX_REFRESH_MS = 60_000;

export type BookingSection = 'upcoming' | 'past';

export const inboxKeys = {
  all: [...adminKeys.all, 'inbox'] as const,
  counts: () => [...inboxKeys.all, 'counts'] as const,
  inquiries: () => [...inboxKeys.all, 'inquiries'] as const,
  inquiryPage: (filters: InquiryFilters, page: number) => [...inboxKeys.inquiries(), filters, page] as const,
  // under inquiries: a lead's change reloads the board with the list
  board: () => [...inboxKeys.inquiries(), 'board'] as const,
  bookings: () => [...inboxKeys.all, 'bookings'] as const,
  bookingPage: (section: BookingSection, status: BookingStatus | '', page: number) => [...inboxKeys.bookings(), section, status, page] as const,
  // under bookings: a status change counts again
  noShows: (zone: string, month: string) => [...inboxKeys.bookings(), 'no-shows', zone, month] as const,
  // under bookings: a status change reloads an open history with the lists
  bookingHistory: (id: string) => [...inboxKeys.bookings(), 'history', id] as const,
};

/**
 * The inbox is always reloaded when shown again (a tab or page opened anew, the window focused)
 * and every minute while open; other people's inquiries and bookings arrive at any time.
 */
export const live = {
  staleTime: 0,
  refetchOnWindowFocus: 'always',
  refetchInterval: INBOX_REFRESH_MS,
} as const;
