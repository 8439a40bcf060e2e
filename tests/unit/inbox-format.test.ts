import { describe, expect, it } from 'vitest';
import { chatDeliveryError, formatReceivedBg, formatSlotBg, formatTimeBg, mailtoHref, telHref } from '@/admin/inbox/format';

describe('inbox formatting', () => {
  it('shows a booking slot with weekday, date and 24-hour time in Bulgarian', () => {
    expect(formatSlotBg('2026-11-23T08:00:00.000Z', 'Europe/Sofia')).toBe('понеделник, 23 ноември 2026 г. в 10:00');
    expect(formatSlotBg('2026-07-03T13:30:00.000Z', 'Europe/Sofia')).toBe('петък, 3 юли 2026 г. в 16:30');
    expect(formatSlotBg('', 'Europe/Sofia')).toBe('');
  });

  it('shows when an inquiry arrived as date and time', () => {
    expect(formatReceivedBg('2026-11-22T12:05:00.000Z', 'Europe/Sofia')).toBe('22 ноември 2026 г., 14:05');
    expect(formatTimeBg('2026-11-22T22:00:00.000Z', 'Europe/Sofia')).toBe('00:00');
    expect(formatReceivedBg('nonsense')).toBe('');
  });

  it('builds tel: and mailto: links', () => {
    expect(telHref('+359 888 123 456')).toBe('tel:+359888123456');
    expect(telHref('(02) 123-45-67')).toBe('tel:021234567');
    expect(telHref('')).toBeNull();
    expect(mailtoHref('ivan@example.com')).toBe('mailto:ivan@example.com');
    expect(mailtoHref(' ')).toBeNull();
  });
});

describe('the reply link adds no recipient', () => {
  it('links a plain address as it is', () => {
    expect(mailtoHref(' ivan@example.com ')).toBe('mailto:ivan@example.com');
  });

  it('gives no link for an address that could carry a query, a list or a header', () => {
    for (const address of ['a@b.co?bcc=someone@evil.example', 'a@b.co,c@d.example', 'a@b.co;c@d.example', 'a b@c.example', 'a@b.co%0Abcc:x@y.example', '']) {
      expect(mailtoHref(address), address).toBeNull();
    }
  });
});

describe('whether the team chat missed a row', () => {
  it('reports the last error while the database reports failures and no success', () => {
    expect(chatDeliveryError({ notified_at: null, notify_error: 'HTTP 404: Unknown Webhook' })).toBe('HTTP 404: Unknown Webhook');
    expect(chatDeliveryError({ notified_at: null, notify_error: '  ' })).toBe('неизвестна причина');
  });

  it('says nothing before the first report, nor once the chat has the row', () => {
    expect(chatDeliveryError({ notified_at: null, notify_error: null })).toBeNull();
    expect(chatDeliveryError({ notified_at: '2026-11-22T12:05:04.000Z', notify_error: null })).toBeNull();
    // a success wins over an error left behind
    expect(chatDeliveryError({ notified_at: '2026-11-22T12:05:04.000Z', notify_error: 'timed out' })).toBeNull();
  });
});
