// The admin inbox against the stand-in through the real supabase-js: the inquiry status column
// (visitors send only 'new', admins toggle it, others cannot), the booking status rules enforced by
// the database, the inbox's search filter and counts, and that visitors read neither table.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inquirySearchFilter as searchFilter } from '../../src/admin/inbox/search.ts';
import { bookableDay, instants } from './slots.ts';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
let admin: SupabaseClient;
let inactive: SupabaseClient;
let stranger: SupabaseClient;

beforeAll(async () => {
  h = await startHarness();
  admin = h.as({ sub: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com' });
  inactive = h.as({ sub: 'a0000000-0000-4000-8000-000000000002', email: 'georgi@example.com' });
  stranger = h.as({ sub: 'b0000000-0000-4000-8000-00000000000f', email: 'stranger@example.com' });
});
afterAll(() => h.close());

const inquiry = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  email: 'visitor@example.com',
  phone: '',
  company: 'Имоти ООД',
  message: 'Искам CRM.',
  purpose: 'real_estate',
  contact_method: 'email',
  ...extra,
});

async function statusOf(table: 'contact_submissions' | 'appointments', id: string) {
  const { data, error } = await h.service.from(table).select('status').eq('id', id).single();
  expect(error).toBeNull();
  return (data as { status: string }).status;
}

describe('contact_submissions.status', () => {
  it("a visitor's inquiry is stored as new", async () => {
    expect((await h.anon.from('contact_submissions').insert(inquiry('Без статус'))).error).toBeNull();
    const { data } = await h.service.from('contact_submissions').select('name, status').eq('name', 'Без статус');
    expect(data).toEqual([{ name: 'Без статус', status: 'new' }]);
  });

  it("nobody can send an inquiry already past 'new', not even a signed-in account", async () => {
    for (const [who, client] of [['anon', h.anon], ['stranger', stranger], ['inactive', inactive]] as const) {
      const { error } = await client.from('contact_submissions').insert(inquiry(`Обработено от ${who}`, { status: 'contacted' }));
      expect(error?.code, who).toBe('42501');
    }
    const { count } = await h.service.from('contact_submissions').select('id', { count: 'exact', head: true }).like('name', 'Обработено от %');
    expect(count).toBe(0);
  });

  it('only the stages are statuses (new, contacted, proposal, won, lost): not the old handled', async () => {
    const { data } = await h.service.from('contact_submissions').insert(inquiry('Странен статус')).select('id').single();
    for (const status of ['archived', 'handled']) {
      const { error } = await admin.from('contact_submissions').update({ status }).eq('id', data!.id).select('id');
      expect(error?.code, status).toBe('23514');
    }
    expect(await statusOf('contact_submissions', data!.id)).toBe('new');
  });

  it('an admin moves an inquiry to contacted and back; others change nothing', async () => {
    const { data } = await h.service.from('contact_submissions').insert(inquiry('За обработка')).select('id').single();
    const id = data!.id as string;

    const anonUpdate = await h.anon.from('contact_submissions').update({ status: 'contacted' }).eq('id', id).select('id');
    expect(anonUpdate.error?.code).toBe('42501');
    for (const client of [inactive, stranger]) {
      const { data: changed } = await client.from('contact_submissions').update({ status: 'contacted' }).eq('id', id).select('id');
      expect(changed ?? []).toEqual([]);
    }
    expect(await statusOf('contact_submissions', id)).toBe('new');

    const handled = await admin.from('contact_submissions').update({ status: 'contacted' }).eq('id', id).select('id, status');
    expect(handled.error).toBeNull();
    expect(handled.data).toEqual([{ id, status: 'contacted' }]);
    expect(await statusOf('contact_submissions', id)).toBe('contacted');

    const back = await admin.from('contact_submissions').update({ status: 'new' }).eq('id', id).select('status');
    expect(back.data).toEqual([{ status: 'new' }]);
  });

  it('visitors and non-admins read no inquiry', async () => {
    const anonRead = await h.anon.from('contact_submissions').select('id, status');
    expect(anonRead.error?.code).toBe('42501');
    for (const client of [inactive, stranger]) {
      const { data } = await client.from('contact_submissions').select('id, status');
      expect(data ?? []).toEqual([]);
    }
  });
});

describe('the inbox search filter', () => {
  const names = {
    comma: 'Търсене, със запетая (и скоби)',
    quote: 'Търсене "в кавички"',
    percent: 'Търсене 100% сигурно',
    plain: 'Търсене 100 сигурно',
    star: 'Търсене със * звезда',
  };

  beforeAll(async () => {
    const { error } = await h.service.from('contact_submissions').insert(Object.values(names).map((name) => inquiry(name)));
    expect(error).toBeNull();
  });

  async function search(text: string): Promise<string[]> {
    const { data, error } = await admin
      .from('contact_submissions')
      .select('name')
      .like('name', 'Търсене%')
      .or(searchFilter(text)!)
      .order('name');
    expect(error).toBeNull();
    return (data ?? []).map((r) => r.name as string).sort();
  }

  it('matches name, company, e-mail and message case-insensitively', async () => {
    expect(await search('ТЪРСЕНЕ, СЪС')).toEqual([names.comma]);
    const { data } = await h.service.from('contact_submissions').insert(inquiry('Търсене по имейл', { email: 'unikalen.adres@example.com', company: 'Хотел Мусала', message: 'Нужна ни е AI система.' })).select('id');
    expect(data).toHaveLength(1);
    expect(await search('UNIKALEN.adres')).toEqual(['Търсене по имейл']);
    expect(await search('мусала')).toEqual(['Търсене по имейл']);
    expect(await search('ai система')).toEqual(['Търсене по имейл']);
  });

  it('treats commas, parentheses, quotes and wildcards as plain text', async () => {
    expect(await search('запетая (и скоби)')).toEqual([names.comma]);
    expect(await search('"в кавички"')).toEqual([names.quote]);
    expect(await search('100%')).toEqual([names.percent]);
    expect(await search('със * звезда')).toEqual([names.star]);
    expect(await search('a),name.neq.x')).toEqual([]);
  });

  it('combines with the status and service filters and counts exactly', async () => {
    const { count, error } = await admin
      .from('contact_submissions')
      .select('id', { count: 'exact', head: true })
      .eq('status', 'new')
      .eq('purpose', 'real_estate')
      .or(searchFilter('търсене 100')!);
    expect(error).toBeNull();
    expect(count).toBe(2);
  });
});

describe('appointments.status', () => {
  const day = bookableDay(12);
  const booking = (at: string, name: string) => ({
    client_name: name,
    client_email: 'client@example.com',
    client_phone: '',
    company_name: '',
    preferred_date: at,
    message: '',
  });

  async function book(at: string, name: string): Promise<string> {
    const { error } = await h.visitor().from('appointments').insert(booking(at, name));
    expect(error).toBeNull();
    const { data } = await h.service.from('appointments').select('id').eq('client_name', name).single();
    return (data as { id: string }).id;
  }

  const taken = async () => instants((await h.anon.rpc('taken_slots', day.range)).data);

  it('confirmed keeps the slot taken; cancelled frees it for the next visitor', async () => {
    const at = day.at(9);
    const id = await book(at, 'Потвърден клиент');
    const confirmed = await admin.from('appointments').update({ status: 'confirmed' }).eq('id', id).select('status');
    expect(confirmed.data).toEqual([{ status: 'confirmed' }]);
    expect(await taken()).toEqual([at]);
    expect((await h.visitor().from('appointments').insert(booking(at, 'Втори'))).error?.code).toBe('23505');

    const cancelled = await admin.from('appointments').update({ status: 'cancelled' }).eq('id', id).select('status');
    expect(cancelled.data).toEqual([{ status: 'cancelled' }]);
    expect(await taken()).toEqual([]);
    expect((await h.visitor().from('appointments').insert(booking(at, 'Следващ посетител'))).error).toBeNull();
    expect(await taken()).toEqual([at]);
  });

  it('the database refuses moves back: cancelled is final, confirmed never returns to pending', async () => {
    const id = await book(day.at(10), 'Върнат клиент');
    expect((await admin.from('appointments').update({ status: 'confirmed' }).eq('id', id).select('id')).error).toBeNull();
    const back = await admin.from('appointments').update({ status: 'pending' }).eq('id', id).select('id');
    expect(back.error?.code).toBe('23514');
    expect(await statusOf('appointments', id)).toBe('confirmed');

    expect((await admin.from('appointments').update({ status: 'cancelled' }).eq('id', id).select('id')).error).toBeNull();
    for (const to of ['pending', 'confirmed']) {
      const revive = await admin.from('appointments').update({ status: to }).eq('id', id).select('id');
      expect(revive.error?.code, to).toBe('23514');
    }
    expect(await statusOf('appointments', id)).toBe('cancelled');
    // other fields of a cancelled booking can still be corrected
    const note = await admin.from('appointments').update({ message: 'Клиентът се обади.' }).eq('id', id).select('message');
    expect(note.data).toEqual([{ message: 'Клиентът се обади.' }]);
  });

  it('non-admins cannot confirm or cancel, and visitors read no booking', async () => {
    const id = await book(day.at(11), 'Чакащ клиент');
    expect((await h.anon.from('appointments').update({ status: 'cancelled' }).eq('id', id).select('id')).error?.code).toBe('42501');
    for (const client of [inactive, stranger]) {
      const { data } = await client.from('appointments').update({ status: 'cancelled' }).eq('id', id).select('id');
      expect(data ?? []).toEqual([]);
      expect((await client.from('appointments').select('id')).data ?? []).toEqual([]);
    }
    expect(await statusOf('appointments', id)).toBe('pending');
    expect((await h.anon.from('appointments').select('id')).error?.code).toBe('42501');
  });

  it('the admin counts pending bookings and new inquiries', async () => {
    const pending = await admin.from('appointments').select('id', { count: 'exact', head: true }).eq('status', 'pending');
    const expected = await h.service.from('appointments').select('id', { count: 'exact', head: true }).eq('status', 'pending');
    expect(pending.error).toBeNull();
    expect(pending.count).toBe(expected.count);
    expect(pending.count).toBeGreaterThan(0);
    const fresh = await admin.from('contact_submissions').select('id', { count: 'exact', head: true }).eq('status', 'new');
    const all = await h.service.from('contact_submissions').select('id', { count: 'exact', head: true }).eq('status', 'new');
    expect(fresh.count).toBe(all.count);
  });
});
