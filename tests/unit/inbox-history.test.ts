import { describe, expect, it } from 'vitest';
import { historyLine, isHistoryProblem, toHistoryEntry, type BookingHistoryRow } from '@/admin/inbox/history';

const row = (over: Partial<BookingHistoryRow>): BookingHistoryRow => ({
  at: '2026-11-20T09:00:00.000Z',
  kind: 'booked',
  actor: 'visitor',
  actor_email: null,
  detail: {},
  ...over,
});
const line = (over: Partial<BookingHistoryRow>) => historyLine(toHistoryEntry(row(over)), 'Europe/Sofia');
const mail = (detail: Record<string, string | number | null>) =>
  line({ kind: 'mail', actor: 'system', detail: { subject: 'Тема', to: 'a@example.com', attempts: 1, last_error: null, sent_at: null, ...detail } });

describe("a booking's history in words", () => {
  it('names who acted: the visitor, the admin by e-mail, or the system', () => {
    expect(line({})).toBe('Записана от клиента');
    expect(line({ kind: 'confirmed', actor: 'admin', actor_email: 'admin@example.com' })).toBe('Потвърдена от admin@example.com');
    expect(line({ kind: 'confirmed', actor: 'admin' })).toBe('Потвърдена от администратор');
    expect(line({ kind: 'cancelled', actor: 'system' })).toBe('Отменена от системата');
    expect(line({ kind: 'reopened', actor: 'admin', actor_email: 'x@example.com' })).toBe('Върната в очакване от x@example.com');
    expect(line({ kind: 'no_show', actor: 'admin', actor_email: 'x@example.com' })).toBe('Отбелязана като „Не се яви“ от x@example.com');
    expect(line({ kind: 'no_show_undone', actor: 'admin', actor_email: 'x@example.com' })).toBe(
      '„Не се яви“ е отменено от x@example.com: клиентът все пак се е явил',
    );
  });

  it('tells a move with both times in the zone given', () => {
    expect(line({ kind: 'moved', detail: { from: '2026-11-23T08:00:00.000Z', to: '2026-11-24T09:30:00.000Z' } })).toBe(
      'Преместена от клиента: от понеделник, 23 ноември 2026 г. в 10:00 на вторник, 24 ноември 2026 г. в 11:30',
    );
  });

  it("tells each e-mail's state; the send time alone on the same day, with its date on another", () => {
    expect(mail({ status: 'sent', sent_at: '2026-11-20T09:00:04.000Z' })).toBe('Имейл „Тема“ до a@example.com: изпратен в 11:00');
    expect(mail({ status: 'sent', sent_at: '2026-11-21T09:00:04.000Z' })).toBe('Имейл „Тема“ до a@example.com: изпратен в 21 ноември 2026 г., 11:00');
    expect(mail({ status: 'pending', attempts: 0 })).toBe('Имейл „Тема“ до a@example.com: чака изпращане');
    expect(mail({ status: 'sending' })).toBe('Имейл „Тема“ до a@example.com: чака изпращане');
    expect(mail({ status: 'failed', attempts: 3, last_error: 'timed out' })).toBe('Имейл „Тема“ до a@example.com: неуспешен опит (3): timed out');
    expect(mail({ status: 'failed' })).toBe('Имейл „Тема“ до a@example.com: неуспешен опит (1): неизвестна причина');
    expect(mail({ status: 'given_up', attempts: 10 })).toBe('Имейл „Тема“ до a@example.com: отказан след 10 опита');
    expect(mail({ status: 'given_up', attempts: 1, last_error: 'HTTP 422' })).toBe('Имейл „Тема“ до a@example.com: отказан след 1 опит: HTTP 422');
  });

  it("tells what the outbox's limits did with an e-mail: held by the breaker, skipped, replaced", () => {
    expect(mail({ status: 'held', attempts: 0, last_error: 'held: more than 60 e-mails in an hour' })).toBe(
      'Имейл „Тема“ до a@example.com: задържан от предпазителя на пощата: над 60 имейла за час (ще бъде изпратен автоматично)',
    );
    expect(mail({ status: 'held', attempts: 0, last_error: 'held: more than 20 e-mails to example.com in an hour' })).toBe(
      'Имейл „Тема“ до a@example.com: задържан от предпазителя на пощата: над 20 имейла до example.com за час (ще бъде изпратен автоматично)',
    );
    // the budgets of visitors' mail (private.mail_breaker)
    const held = (reason: string) => mail({ status: 'held', attempts: 0, last_error: `held: ${reason}` }).replace(/^.*предпазителя на пощата: | \(ще бъде.*$/g, '');
    expect(held('more than 80 e-mails visitors caused in an hour')).toBe('над 80 имейла, причинени от посетители, за час');
    expect(held("more than 60 e-mails from visitors' forms in an hour")).toBe('над 60 имейла от формите на посетителите за час');
    expect(held("more than 40 e-mails from visitors' forms to gmail.com in an hour")).toBe('над 40 имейла от формите на посетителите до gmail.com за час');
    expect(held("more than 6 e-mails from one network's forms in an hour")).toBe('над 6 имейла от формите на една мрежа за час');
    expect(held("visitors' forms are busy: this network had its share of 2 e-mails this hour")).toBe(
      'формите на посетителите са натоварени, а тази мрежа вече получи своя дял от 2 имейла за часа',
    );
    expect(held("visitors' forms to abv.bg are busy: this network had its share of 2 e-mails there this hour")).toBe(
      'формите на посетителите до abv.bg са натоварени, а тази мрежа вече получи своя дял от 2 имейла до там за часа',
    );
    // a reason of another shape is shown as the database wrote it
    expect(mail({ status: 'held', attempts: 0, last_error: 'held: provider paused' })).toBe(
      'Имейл „Тема“ до a@example.com: задържан от предпазителя на пощата: provider paused (ще бъде изпратен автоматично)',
    );
    expect(mail({ status: 'skipped', attempts: 0, last_error: 'not sent: 4 e-mails to this mailbox in 24 hours' })).toBe(
      'Имейл „Тема“ до a@example.com: не е изпратен: дневният лимит за този адрес е достигнат',
    );
    expect(mail({ status: 'superseded', attempts: 0 })).toBe('Имейл „Тема“ до a@example.com: заменен от по-нов имейл, преди да бъде изпратен');
  });

  it('marks the e-mails that have not reached the visitor: failed, given up, held and skipped, not a replaced one', () => {
    const problem = (status: string) => isHistoryProblem(toHistoryEntry(row({ kind: 'mail', detail: { status } })));
    expect(['failed', 'given_up', 'held', 'skipped'].filter(problem)).toEqual(['failed', 'given_up', 'held', 'skipped']);
    expect(['sent', 'pending', 'sending', 'superseded'].filter(problem)).toEqual([]);
  });

  it('marks the failed e-mails, and survives what it does not know', () => {
    expect(isHistoryProblem(toHistoryEntry(row({ kind: 'mail', detail: { status: 'given_up' } })))).toBe(true);
    expect(isHistoryProblem(toHistoryEntry(row({ kind: 'mail', detail: { status: 'sent' } })))).toBe(false);
    expect(isHistoryProblem(toHistoryEntry(row({})))).toBe(false);
    expect(line({ kind: 'noted' })).toBe('Събитие „noted“');
    expect(line({ kind: 'moved', detail: null })).toBe('Преместена от клиента: от — на —');
    expect(line({ actor: 'robot' })).toBe('Записана от системата');
  });
});
