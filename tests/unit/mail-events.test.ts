// What the mail provider's events mean for subscribers (supabase/functions/_shared/mail-events.ts).
import { describe, expect, it } from 'vitest';
import { readMailEvent } from '../../supabase/functions/_shared/mail-events';

const event = (type: string, data: Record<string, unknown>) => ({ type, created_at: '2026-11-27T10:00:00.000Z', data });

describe('mail events', () => {
  it('a complaint and a permanent bounce suppress; a transient bounce counts softly', () => {
    expect(readMailEvent(event('email.complained', { to: ['a@example.com'] }))).toEqual({ kind: 'complained', addresses: ['a@example.com'] });
    expect(readMailEvent(event('email.bounced', { to: ['Ана <a@example.com>'], bounce: { type: 'Permanent', subType: 'General' } }))).toEqual({
      kind: 'bounced_hard',
      addresses: ['a@example.com'],
    });
    expect(readMailEvent(event('email.bounced', { to: 'b@example.com', bounce: { type: 'Transient', subType: 'MailboxFull' } }))).toEqual({
      kind: 'bounced_soft',
      addresses: ['b@example.com'],
    });
  });

  it('other events, and bodies without recipients, change nothing', () => {
    expect(readMailEvent(event('email.delivered', { to: ['a@example.com'] }))).toBeNull();
    expect(readMailEvent(event('email.bounced', { to: [] }))).toBeNull();
    expect(readMailEvent(event('email.bounced', { to: ['not an address'] }))).toBeNull();
    expect(readMailEvent({ type: 'email.bounced' })).toBeNull();
    expect(readMailEvent('email.bounced')).toBeNull();
  });
});
