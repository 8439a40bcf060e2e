// The booking and inquiry rules the database enforces, through the real supabase-js with
// the public anonymous key, exactly as anyone holding it could call the API: the slot must be in
// the future, on a working day, on the half-hour grid and inside the working hours, all in the
// calendar's time zone; the intake limits; the columns only the database sets; plain e-mail
// addresses and E.164 phones. The service role is not bound by the slot rules.
// Defined once and run twice: against the stand-in (booking-rules.test.ts) and against real
// PostgreSQL 15 (rls-matrix.postgres.test.ts), since hosted Supabase runs the latter.
import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Harness } from './harness.ts';

export function defineBookingRules(start: () => Promise<Harness>) {
  let h: Harness;
  let n = 0;

  beforeAll(async () => {
    h = await start();
  });
  afterAll(() => h.close());

  const ZONE = 'Europe/Sofia';
  /** A weekday (Mon–Fri) at least a week ahead, as [year, monthIndex, day] in Sofia. */
  function futureWeekday(offsetDays = 8): [number, number, number] {
    const now = TZDate.tz(ZONE);
    const day = new TZDate(now.getFullYear(), now.getMonth(), now.getDate() + offsetDays, 12, 0, ZONE);
    while (day.getDay() === 0 || day.getDay() === 6) day.setDate(day.getDate() + 1);
    return [day.getFullYear(), day.getMonth(), day.getDate()];
  }
  const at = ([y, m, d]: [number, number, number], hour: number, minute = 0, second = 0) =>
    new TZDate(y, m, d, hour, minute, second, ZONE).toISOString();

  /** A fresh e-mail per booking, so the per-address limit only bites where a test wants it to. */
  const booking = (preferred_date: string, email = `visitor${++n}@example.com`) => ({
    client_name: 'Тест Тестов',
    client_email: email,
    client_phone: '+359888123456',
    company_name: '',
    message: '',
    preferred_date,
  });

  /** Clears every row the limits count, so each test starts under them. */
  beforeEach(async () => {
    await h.service.from('appointments').delete().not('id', 'is', null);
    await h.service.from('contact_submissions').delete().not('id', 'is', null);
  });

  describe('appointments from the anonymous key', () => {
    const day = futureWeekday();

    it('a slot on the grid inside the working hours of a working day is accepted', async () => {
      const { error } = await h.visitor().from('appointments').insert(booking(at(day, 9, 0)));
      expect(error).toBeNull();
      const last = await h.visitor().from('appointments').insert(booking(at(day, 16, 30)));
      expect(last.error).toBeNull();
    });

    it.each([
      ['03:00 at night', () => at(day, 3, 0), 'booking_outside_hours'],
      ['17:00, the end of the working hours', () => at(day, 17, 0), 'booking_outside_hours'],
      ['09:15, off the half-hour grid', () => at(day, 9, 15), 'booking_off_grid'],
      ['09:00:01, a second past a slot', () => at(day, 9, 0, 1), 'booking_off_grid'],
      ['yesterday', () => new Date(Date.now() - 86_400_000).toISOString(), 'booking_past'],
    ])('refuses %s', async (_label, when, hint) => {
      const { error } = await h.visitor().from('appointments').insert(booking(when()));
      expect(error).toMatchObject({ code: 'P0001', hint });
    });

    it('refuses a Saturday and a Sunday', async () => {
      const now = TZDate.tz(ZONE);
      const saturday = new TZDate(now.getFullYear(), now.getMonth(), now.getDate() + 8, 12, 0, ZONE);
      while (saturday.getDay() !== 6) saturday.setDate(saturday.getDate() + 1);
      const sunday = new TZDate(saturday.getFullYear(), saturday.getMonth(), saturday.getDate() + 1, 10, 0, ZONE);
      for (const when of [new TZDate(saturday.getFullYear(), saturday.getMonth(), saturday.getDate(), 10, 0, ZONE), sunday]) {
        const { error } = await h.visitor().from('appointments').insert(booking(when.toISOString()));
        expect(error).toMatchObject({ code: 'P0001', hint: 'booking_not_working_day' });
      }
    });

    it('judges the hours in the calendar time zone: 10:00 in New York is 17:00 in Sofia and refused', async () => {
      const [y, m, d] = day;
      const newYork = new TZDate(y, m, d, 10, 0, 'America/New_York').toISOString();
      const { error } = await h.visitor().from('appointments').insert(booking(newYork));
      expect(error).toMatchObject({ hint: 'booking_outside_hours' });
    });

    it('follows the settings: minutes of the start count, days and zone can change', async () => {
      const { data: settings } = await h.service.from('calendar_settings').select('id, working_hours, time_zone').single();
      try {
        await h.service
          .from('calendar_settings')
          .update({ working_hours: { start: '09:30', end: '12:00', days: ['saturday'] }, time_zone: 'Asia/Kathmandu' })
          .eq('id', settings!.id);
        const now = TZDate.tz('Asia/Kathmandu');
        const saturday = new TZDate(now.getFullYear(), now.getMonth(), now.getDate() + 8, 12, 0, 'Asia/Kathmandu');
        while (saturday.getDay() !== 6) saturday.setDate(saturday.getDate() + 1);
        const slot = (hour: number, minute: number) =>
          new TZDate(saturday.getFullYear(), saturday.getMonth(), saturday.getDate(), hour, minute, 'Asia/Kathmandu').toISOString();
        expect((await h.visitor().from('appointments').insert(booking(slot(9, 30)))).error).toBeNull();
        expect((await h.visitor().from('appointments').insert(booking(slot(11, 30)))).error).toBeNull();
        expect((await h.visitor().from('appointments').insert(booking(slot(9, 0)))).error).toMatchObject({ hint: 'booking_outside_hours' });
        expect((await h.visitor().from('appointments').insert(booking(slot(10, 15)))).error).toMatchObject({ hint: 'booking_off_grid' });
        expect((await h.visitor().from('appointments').insert(booking(at(day, 10, 0)))).error).toMatchObject({ hint: 'booking_not_working_day' });
      } finally {
        await h.service.from('calendar_settings').update({ working_hours: settings!.working_hours, time_zone: settings!.time_zone }).eq('id', settings!.id);
      }
    });

    it('holds at most 3 future pending bookings per e-mail address, in any letter case', async () => {
      for (const hour of [9, 10, 11]) {
        expect((await h.visitor().from('appointments').insert(booking(at(day, hour), 'Same@Example.com'))).error).toBeNull();
      }
      const { error } = await h.visitor().from('appointments').insert(booking(at(day, 12), 'same@example.com'));
      expect(error).toMatchObject({ code: 'P0001', hint: 'booking_limit_email' });
    });

    it('one visitor holds at most 2 pending future bookings; another is not affected', async () => {
      const bot = h.visitor('10.99.0.1');
      for (const hour of [9, 10]) expect((await bot.from('appointments').insert(booking(at(day, hour)))).error).toBeNull();
      const third = await bot.from('appointments').insert(booking(at(day, 11)));
      expect(third.error).toMatchObject({ code: 'P0001', hint: 'booking_limit_client' });
      // another person, in another network (the bot's /24 is a wider tier with a limit of its own)
      expect((await h.visitor('10.97.0.2').from('appointments').insert(booking(at(day, 11)))).error).toBeNull();
      // one POST of many rows is still one visitor
      const many = await h.visitor('10.96.0.3').from('appointments').insert([12, 13, 14].map((hour) => booking(at(day, hour))));
      expect(many.error).toMatchObject({ hint: 'booking_limit_client' });
      // a booking cancelled by the team no longer counts
      const { data } = await h.service.from('appointments').select('id').eq('preferred_date', at(day, 9)).single();
      await h.service.from('appointments').update({ status: 'cancelled' }).eq('id', data!.id);
      expect((await bot.from('appointments').insert(booking(at(day, 15)))).error).toBeNull();
    });

    it('50 parallel bookings from one visitor store exactly 2: counting and storing are one step', async () => {
      const bot = h.visitor('10.99.1.1');
      const slots = Array.from({ length: 50 }, (_, i) => at(futureWeekday(8 + Math.floor(i / 16)), 9 + Math.floor((i % 16) / 2), (i % 2) * 30));
      const results = await Promise.all(slots.map((slot) => bot.from('appointments').insert(booking(slot))));
      expect(results.filter((r) => r.error === null)).toHaveLength(2);
      expect(results.filter((r) => r.error?.hint === 'booking_limit_client')).toHaveLength(48);
      const { count } = await h.service.from('appointments').select('id', { count: 'exact', head: true });
      expect(count).toBe(2);
    });

    it('refuses a date that is not a real one, one sooner than the notice and one beyond the horizon', async () => {
      const infinite = await h.visitor().from('appointments').insert(booking('infinity'));
      expect(infinite.error).toMatchObject({ hint: 'booking_not_finite' });
      expect(infinite.status).toBe(400);
      const farDay = futureWeekday(730);
      expect((await h.visitor().from('appointments').insert(booking(at(farDay, 10)))).error).toMatchObject({ hint: 'booking_too_far' });
      expect((await h.visitor().from('appointments').insert(booking(at(futureWeekday(62), 10)))).error).toMatchObject({ hint: 'booking_too_far' });
      expect((await h.visitor().from('appointments').insert(booking(at(futureWeekday(55), 10)))).error).toBeNull();
      const { data: settings } = await h.service.from('calendar_settings').select('id, working_hours').single();
      try {
        // every hour of every day, so that "in an hour" is a slot: then only the notice refuses it
        await h.service
          .from('calendar_settings')
          .update({ working_hours: { start: '00:00', end: '23:59', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] } })
          .eq('id', settings!.id);
        const soon = new Date(Math.ceil((Date.now() + 45 * 60_000) / 1_800_000) * 1_800_000).toISOString();
        expect((await h.visitor().from('appointments').insert(booking(soon))).error).toMatchObject({ hint: 'booking_too_soon' });
        await h.service.from('calendar_settings').update({ min_notice_minutes: 0 }).eq('id', settings!.id);
        expect((await h.visitor().from('appointments').insert(booking(soon))).error).toBeNull();
      } finally {
        await h.service.from('calendar_settings').update({ working_hours: settings!.working_hours, min_notice_minutes: 120 }).eq('id', settings!.id);
      }
    });

    it('refuses a day off (a single day or a range, in the calendar\'s zone), and a closed calendar', async () => {
      const [y, m, d] = day;
      const iso = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
      const first = iso(new Date(y, m, d));
      const { data: off } = await h.service.from('calendar_days_off').insert({ starts_on: first, ends_on: first, label: 'Празник' }).select('id').single();
      try {
        expect((await h.visitor().from('appointments').insert(booking(at(day, 10)))).error).toMatchObject({ hint: 'booking_day_off' });
        // visitors see the days off the calendar needs, never write them
        const seen = await h.anon.from('calendar_days_off').select('starts_on, ends_on, label');
        expect(seen.data).toContainEqual({ starts_on: first, ends_on: first, label: 'Празник' });
        expect((await h.anon.from('calendar_days_off').insert({ starts_on: first, ends_on: first })).error?.code).toBe('42501');
      } finally {
        await h.service.from('calendar_days_off').delete().eq('id', off!.id);
      }
      expect((await h.visitor().from('appointments').insert(booking(at(day, 10)))).error).toBeNull();
      const { data: settings } = await h.service.from('calendar_settings').select('id').single();
      await h.service.from('calendar_settings').update({ is_active: false }).eq('id', settings!.id);
      try {
        expect((await h.visitor().from('appointments').insert(booking(at(day, 11)))).error).toMatchObject({ hint: 'booking_closed' });
      } finally {
        await h.service.from('calendar_settings').update({ is_active: true }).eq('id', settings!.id);
      }
    });

    it('taken_slots answers only from now to the horizon: the booking history is not public', async () => {
      const lastJanuary = new Date(Date.UTC(new Date().getUTCFullYear() - 1, 0, 12, 9));
      await h.service.from('appointments').insert(booking(lastJanuary.toISOString()));
      const future = at(day, 9);
      await h.visitor().from('appointments').insert(booking(future));
      const past = await h.anon.rpc('taken_slots', { range_start: new Date(Date.UTC(lastJanuary.getUTCFullYear(), 0, 1)).toISOString(), range_end: new Date(Date.UTC(lastJanuary.getUTCFullYear(), 1, 1)).toISOString() });
      expect(past.error).toBeNull();
      expect(past.data).toEqual([]);
      const [y, m, d] = day;
      const coming = await h.anon.rpc('taken_slots', { range_start: new TZDate(y, m, d, 0, 0, ZONE).toISOString(), range_end: new TZDate(y, m, d + 1, 0, 0, ZONE).toISOString() });
      expect((coming.data as string[]).map((t) => new Date(t).toISOString())).toEqual([new Date(future).toISOString()]);
    });

    it('a form that filled the trap, or came faster than a person could, is dropped without an error', async () => {
      const visitor = h.visitor();
      const trapped = await visitor.from('appointments').insert({ ...booking(at(day, 9)), bot_trap: 'http://spam.example' });
      const hurried = await visitor.from('appointments').insert({ ...booking(at(day, 10)), fill_ms: 900 });
      for (const r of [trapped, hurried]) {
        expect(r.error).toBeNull();
        expect(r.status).toBe(201);
      }
      expect((await h.service.from('appointments').select('id', { count: 'exact', head: true })).count).toBe(0);
      // a person who fills the form fast but like a person: stored, and the trap's values are never kept
      const person = await visitor.from('appointments').insert({ ...booking(at(day, 11)), bot_trap: '', fill_ms: 4200 });
      expect(person.error).toBeNull();
      const { data } = await h.service.from('appointments').select('bot_trap, fill_ms');
      expect(data).toEqual([{ bot_trap: null, fill_ms: null }]);
    });

    it('the database alone sets id, created_at and status', async () => {
      for (const extra of [{ id: crypto.randomUUID() }, { created_at: '2099-01-01T00:00:00Z' }, { status: 'pending' }, { status: 'confirmed' }]) {
        const { error } = await h.visitor().from('appointments').insert({ ...booking(at(day, 13)), ...extra });
        expect(error?.code, JSON.stringify(extra)).toBe('42501');
      }
    });

    it('refuses an e-mail address that could add recipients, and a phone that is not E.164', async () => {
      for (const email of ['a@b.co?bcc=someone@evil.example', 'a@b.co,c@d.example', 'a b@c.example', 'a@b.co;c@d.example']) {
        const { error } = await h.visitor().from('appointments').insert(booking(at(day, 14), email));
        expect(error?.code, email).toBe('23514');
      }
      for (const phone of ['0888 123 456', '+359 88 812 3456', '000000']) {
        const { error } = await h.visitor().from('appointments').insert({ ...booking(at(day, 14)), client_phone: phone });
        expect(error?.code, phone).toBe('23514');
      }
    });

    it('the service role is not bound by the slot rules (the team books by hand)', async () => {
      const { error } = await h.service.from('appointments').insert(booking(at(day, 3, 15)));
      expect(error).toBeNull();
    });

    it('an admin moving a booking is held to the same rules, and never sets its dates', async () => {
      const admin = h.as({ sub: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com' });
      const { data } = await h.service.from('appointments').insert(booking(at(day, 15))).select('id').single();
      const { error } = await admin.from('appointments').update({ status: 'confirmed' }).eq('id', data!.id).select('id');
      expect(error).toBeNull();
      const moved = await admin.from('appointments').update({ preferred_date: at(day, 3) }).eq('id', data!.id).select('id');
      expect(moved.error).toMatchObject({ code: 'P0001', hint: 'booking_outside_hours' });
      const ok = await admin.from('appointments').update({ preferred_date: at(day, 16) }).eq('id', data!.id).select('id');
      expect(ok.error).toBeNull();
      const dated = await admin.from('appointments').update({ created_at: '2099-01-01T00:00:00Z' }).eq('id', data!.id).select('id');
      expect(dated.error?.code).toBe('42501');
    });
  });

  describe('inquiries from the anonymous key', () => {
    const inquiry = (email = `visitor${++n}@example.com`, extra: Record<string, unknown> = {}) => ({
      name: 'Тест Тестов',
      email,
      phone: '',
      company: 'Фирма',
      message: 'Здравейте.',
      purpose: 'custom',
      contact_method: 'email',
      ...extra,
    });

    it('takes 3 from one e-mail address an hour, then refuses (each from a visitor of its own)', async () => {
      for (let i = 0; i < 3; i++) expect((await h.visitor().from('contact_submissions').insert(inquiry('one@example.com'))).error).toBeNull();
      const { error } = await h.visitor().from('contact_submissions').insert(inquiry('ONE@example.com'));
      expect(error).toMatchObject({ code: 'P0001', hint: 'inquiry_limit_email' });
    });

    it('takes 3 from one visitor in 10 minutes; the next person is not affected', async () => {
      const bot = h.visitor('10.98.0.1');
      for (let i = 0; i < 3; i++) expect((await bot.from('contact_submissions').insert(inquiry())).error).toBeNull();
      expect((await bot.from('contact_submissions').insert(inquiry())).error).toMatchObject({ code: 'P0001', hint: 'inquiry_limit_client' });
      // the next person, in another network (the bot's /24 is a wider tier with a limit of its own)
      expect((await h.visitor('10.97.0.2').from('contact_submissions').insert(inquiry())).error).toBeNull();
    });

    it('50 parallel inquiries from one visitor store exactly 3', async () => {
      const bot = h.visitor('10.98.1.1');
      const results = await Promise.all(Array.from({ length: 50 }, () => bot.from('contact_submissions').insert(inquiry())));
      expect(results.filter((r) => r.error === null)).toHaveLength(3);
      expect(results.filter((r) => r.error?.hint === 'inquiry_limit_client')).toHaveLength(47);
      expect((await h.service.from('contact_submissions').select('id', { count: 'exact', head: true })).count).toBe(3);
    });

    it('a trapped or hurried inquiry is dropped without an error and nobody hears of it', async () => {
      const visitor = h.visitor();
      expect((await visitor.from('contact_submissions').insert(inquiry(undefined, { bot_trap: 'x' }))).status).toBe(201);
      expect((await visitor.from('contact_submissions').insert(inquiry(undefined, { fill_ms: 1500 }))).status).toBe(201);
      expect((await h.service.from('contact_submissions').select('id', { count: 'exact', head: true })).count).toBe(0);
      expect((await visitor.from('contact_submissions').insert(inquiry(undefined, { bot_trap: '', fill_ms: 3500 }))).error).toBeNull();
      expect((await h.service.from('contact_submissions').select('id', { count: 'exact', head: true })).count).toBe(1);
    });

    it('the database alone sets id, created_at and status; e-mail and phone have plain shapes', async () => {
      for (const extra of [{ id: crypto.randomUUID() }, { created_at: '2099-01-01T00:00:00Z' }, { status: 'new' }]) {
        const { error } = await h.visitor().from('contact_submissions').insert(inquiry(undefined, extra));
        expect(error?.code, JSON.stringify(extra)).toBe('42501');
      }
      expect((await h.visitor().from('contact_submissions').insert(inquiry('a@b.co?bcc=x@evil.example'))).error?.code).toBe('23514');
      expect((await h.visitor().from('contact_submissions').insert(inquiry(undefined, { phone: '123' }))).error?.code).toBe('23514');
      expect((await h.visitor().from('contact_submissions').insert(inquiry(undefined, { phone: '+359888123456' }))).error).toBeNull();
    });
  });
}
