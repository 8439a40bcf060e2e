import { describe, expect, it } from 'vitest';
import {
  BOOKING_STATUS_LABELS,
  BOOKING_STATUSES,
  bookingActions,
  bookingTransitions,
  canChangeBookingStatus,
  holdsSlot,
  INQUIRY_STATUS_LABELS,
  INQUIRY_STATUSES,
  isOpenStage,
  isBookingStatus,
  isInquiryStatus,
} from '@/admin/inbox/status';
import type { BookingStatus } from '@/admin/inbox/types';

describe('booking status transitions', () => {
  it('a pending booking can be confirmed or cancelled', () => {
    expect(bookingTransitions('pending')).toEqual(['confirmed', 'cancelled']);
    expect(canChangeBookingStatus('pending', 'confirmed')).toBe(true);
    expect(canChangeBookingStatus('pending', 'cancelled')).toBe(true);
  });

  it('a confirmed booking can still be cancelled or marked a no-show, but not go back to pending', () => {
    expect(bookingTransitions('confirmed')).toEqual(['cancelled', 'no_show']);
    expect(canChangeBookingStatus('confirmed', 'cancelled')).toBe(true);
    expect(canChangeBookingStatus('confirmed', 'pending')).toBe(false);
  });

  it('a cancelled booking is final', () => {
    expect(bookingTransitions('cancelled')).toEqual([]);
    for (const to of BOOKING_STATUSES) expect(canChangeBookingStatus('cancelled', to)).toBe(false);
  });

  it('nothing moves back to pending and no status moves to itself', () => {
    for (const from of BOOKING_STATUSES) {
      expect(canChangeBookingStatus(from, 'pending')).toBe(false);
      expect(canChangeBookingStatus(from, from)).toBe(false);
    }
  });

  it('the whole table of allowed changes', () => {
    const allowed = BOOKING_STATUSES.flatMap((from) =>
      BOOKING_STATUSES.filter((to) => canChangeBookingStatus(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed).toEqual(['pending→confirmed', 'pending→cancelled', 'confirmed→cancelled', 'confirmed→no_show', 'no_show→confirmed']);
  });

  it("offers 'Не се яви' only once a confirmed meeting has ended (30 minutes after its start), and taking it back", () => {
    const start = '2026-11-23T12:00:00.000Z';
    const at = (iso: string) => Date.parse(iso);
    expect(bookingActions({ status: 'confirmed', preferred_date: start }, at('2026-11-23T12:29:59.999Z'))).toEqual(['cancelled']);
    expect(bookingActions({ status: 'confirmed', preferred_date: start }, at('2026-11-23T12:30:00.000Z'))).toEqual(['cancelled', 'no_show']);
    expect(bookingActions({ status: 'pending', preferred_date: start }, at('2026-11-24T00:00:00.000Z'))).toEqual(['confirmed', 'cancelled']);
    expect(bookingActions({ status: 'no_show', preferred_date: start }, at('2026-11-24T00:00:00.000Z'))).toEqual(['confirmed']);
  });

  it('an unknown status allows nothing', () => {
    expect(bookingTransitions('archived' as BookingStatus)).toEqual([]);
  });

  it('only pending and confirmed bookings hold their slot', () => {
    expect(BOOKING_STATUSES.filter(holdsSlot)).toEqual(['pending', 'confirmed']);
  });

  it('labels each status in Bulgarian', () => {
    expect(BOOKING_STATUS_LABELS).toEqual({ pending: 'Чака потвърждение', confirmed: 'Потвърдена', cancelled: 'Отказана', no_show: 'Не се яви' });
    expect(isBookingStatus('no_show')).toBe(true);
    expect(isBookingStatus('confirmed')).toBe(true);
    expect(isBookingStatus('new')).toBe(false);
  });
});

describe('inquiry status', () => {
  it('names the five stages in Bulgarian, in their order; the old handled is no stage', () => {
    expect(INQUIRY_STATUSES).toEqual(['new', 'contacted', 'proposal', 'won', 'lost']);
    expect(INQUIRY_STATUS_LABELS).toEqual({ new: 'Нова', contacted: 'В контакт', proposal: 'Оферта', won: 'Спечелена', lost: 'Загубена' });
    expect(isInquiryStatus('proposal')).toBe(true);
    expect(isInquiryStatus('handled')).toBe(false);
    expect(isInquiryStatus('pending')).toBe(false);
    expect(isInquiryStatus('')).toBe(false);
    expect(['new', 'contacted', 'proposal'].every((s) => isOpenStage(s as 'new'))).toBe(true);
    expect(isOpenStage('won') || isOpenStage('lost')).toBe(false);
  });
});
