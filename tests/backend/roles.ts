// The roles matrix (migration 20261129000600_roles.sql): what an author, a consultant and an
// administrator may do, each at aal1 (a password only) and at aal2 (with a verified second factor),
// asked through the real supabase-js of each and checked against what the database then holds.
//   content (posts, drafts, projects, categories, clients, images):      authors and admins, any aal;
//   visitors' data (inquiries, bookings, contacts, notes, the calendar): consultants and admins at aal2;
//   people, roles, settings, the audit log, the newsletter's list:       admins at aal2 only;
//   the team's names:                                                   every admitted blog user.
// Plus the roles themselves: an unknown one refused in Bulgarian, a change audited, the last active
// administrator kept, a lead owned only by a consultant or an administrator, and a factor deleted
// stops admitting at once. Defined once and run against the stand-in (roles.test.ts) and PostgreSQL
// 15 (rls-matrix.postgres.test.ts): every row it makes is removed again, every setting put back.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_KINDS } from '../../src/shared/domain/retention.ts';
import type { Harness } from './harness.ts';

const ADMIN = { id: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com' };
const UNKNOWN_ROLE = 'Няма такава роля. Изберете „Администратор“, „Консултант“ или „Автор“.';
const LAST_ADMIN = 'Не можете да смените ролята на последния активен администратор. Първо дайте на друг потребител роля „Администратор“.';
const OWNER_NOT_ADMIN = 'Отговорникът трябва да е активен консултант или администратор.';

type Role = 'admin' | 'consultant' | 'author';
type Aal = 'aal1' | 'aal2';
interface Caller {
  who: string;
  role: Role;
  aal: Aal;
  /** The blog user's id (and its account's). */
  id: string;
  client: SupabaseClient;
}
interface Person {
  id: string;
  email: string;
  username: string;
}

/** An admin or an author, at any level. */
const writesContent = (c: Caller) => c.role !== 'consultant';
/** A consultant or an admin at aal2 (whose factor the harness made verified). */
const seesVisitors = (c: Caller) => c.role !== 'author' && c.aal === 'aal2';
/** An admin at aal2. */
const isAdmin = (c: Caller) => c.role === 'admin' && c.aal === 'aal2';

const png = () => new Blob([Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')], { type: 'image/png' });

export function defineRoleMatrix(start: () => Promise<Harness>): void {
  let h: Harness;
  let callers: Caller[] = [];
  let author: Person;
  let consultant: Person;
  let adminAal2: SupabaseClient;
  const run = `${Date.now().toString(36)}${(process.pid % 1296).toString(36)}`;
  let n = 0;
  const tag = (label: string) => `${label}-${run}-${++n}`;
  /** Blog users this suite made (removed in afterAll, with their records in the bin). */
  const people: string[] = [];
  /** Records of posts, projects and clients this suite moved to the bin. */
  const binned: string[] = [];

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    h.local.db.asSystem(async (tx) => (await tx.query<T>(text, params)).rows);
  const lastAuditId = async () => (await sql<{ id: string }>('select coalesce(max(id), 0)::text as id from private.audit_events'))[0].id;

  /** A blog user made by the service role (the trigger gives it a confirmed account of the same id). */
  async function person(role: Role, label: string, isActive = true): Promise<Person> {
    const username = tag(`roles-${label}`);
    const email = `${username}@example.com`;
    const { data, error } = await h.service
      .from('blog_users')
      .insert({ username, email, password: 'roles-password-2026', full_name: `Роли ${label}`, is_active: isActive, role })
      .select('id')
      .single();
    expect(error).toBeNull();
    people.push(data!.id);
    return { id: data!.id, email, username };
  }
  const roleOf = async (id: string) => (await sql<{ role: string; is_active: boolean }>('select role, is_active from public.blog_users where id = $1', [id]))[0];

  beforeAll(async () => {
    h = await start();
    author = await person('author', 'author');
    consultant = await person('consultant', 'consultant');
    const make = (who: string, role: Role, aal: Aal, p: { id: string; email: string }): Caller => ({
      who,
      role,
      aal,
      id: p.id,
      client: h.as({ sub: p.id, email: p.email, aal }),
    });
    callers = [
      make('author aal1', 'author', 'aal1', author),
      make('author aal2', 'author', 'aal2', author),
      make('consultant aal1', 'consultant', 'aal1', consultant),
      make('consultant aal2', 'consultant', 'aal2', consultant),
      make('admin aal1', 'admin', 'aal1', ADMIN),
      make('admin aal2', 'admin', 'aal2', ADMIN),
    ];
    adminAal2 = callers.find((c) => c.who === 'admin aal2')!.client;
    // the aal2 sessions' first requests give their accounts a verified factor: every aal1 session
    // below is then of an account that has one, so only the session's own level refuses it
    for (const c of callers.filter((x) => x.aal === 'aal2')) expect((await c.client.from('blog_users').select('id').limit(1)).error).toBeNull();
    const factors = await sql<{ user_id: string }>(`select distinct user_id::text from auth.mfa_factors where status::text = 'verified' and user_id = any($1::uuid[])`, [
      [author.id, consultant.id, ADMIN.id],
    ]);
    expect(factors).toHaveLength(3);
  });

  afterAll(async () => {
    if (!h) return;
    try {
      // the consultant's lead is nobody's again before the consultant goes (owner_id would be set null anyway)
      if (people.length) {
        const { error } = await h.service.from('blog_users').delete().in('id', people);
        expect(error).toBeNull();
        binned.push(...people);
      }
      if (binned.length) await h.service.from('content_bin').delete().in('record_id', binned);
    } finally {
      await h.close();
    }
  });

  describe('content: authors and admins at any level, never a consultant', () => {
    it('drafts: authors and admins read them, consultants only the published posts', async () => {
      const all = (await h.service.from('blog_posts').select('id')).data!.length;
      const published = (await h.service.from('blog_posts').select('id').eq('is_published', true)).data!.length;
      expect(all).toBeGreaterThan(published);
      for (const c of callers) {
        const { data, error } = await c.client.from('blog_posts').select('id, is_published');
        expect(error, c.who).toBeNull();
        expect(data, c.who).toHaveLength(writesContent(c) ? all : published);
      }
    });

    const categoryName = () => tag('Роли категория');
    const TABLES: { table: string; field: string; row: (label: string) => Promise<Record<string, unknown>> }[] = [
      {
        table: 'blog_posts',
        field: 'title',
        row: async (label) => ({ title: `Роли ${label}`, slug: tag('roli'), author: 'Автор Роли', content: 'Чернова.' }),
      },
      {
        table: 'projects',
        field: 'title',
        row: async (label) => {
          const { data } = await h.service.from('project_categories').select('name').order('name').limit(1).single();
          return { title: `Роли ${label}`, category: data!.name, image: '/x.svg', image_alt: 'Проект на ролите', link: 'https://example.com' };
        },
      },
      { table: 'project_categories', field: 'name', row: async () => ({ name: categoryName() }) },
      { table: 'clients', field: 'name', row: async (label) => ({ name: `Роли ${label}`, logo: '/demo/client-1.svg', logo_alt: `Лого ${label}` }) },
    ];

    for (const { table, field, row } of TABLES) {
      it(`${table}: authors and admins insert, update and delete; a consultant is refused and nothing changes`, async () => {
        const target = await h.service.from(table).insert(await row('цел')).select('*').single();
        expect(target.error).toBeNull();
        const targetId = target.data!.id as string;
        try {
          for (const c of callers) {
            const ins = await c.client.from(table).insert(await row(c.who)).select('id');
            if (!writesContent(c)) {
              expect(ins.error?.code, c.who).toBe('42501');
              expect(ins.status, c.who).toBe(403);
              // row-level security leaves the row out of an update or a delete: nothing to change
              const upd = await c.client.from(table).update({ [field]: tag(`Сменено ${c.who}`) }).eq('id', targetId).select('id');
              expect(upd.error, c.who).toBeNull();
              expect(upd.data, c.who).toEqual([]);
              const del = await c.client.from(table).delete().eq('id', targetId).select('id');
              expect(del.error, c.who).toBeNull();
              expect(del.data, c.who).toEqual([]);
              continue;
            }
            expect(ins.error, c.who).toBeNull();
            const id = ins.data![0].id as string;
            binned.push(id);
            const value = tag(`Сменено ${c.who}`);
            const upd = await c.client.from(table).update({ [field]: value }).eq('id', id).select('id');
            expect(upd.data, c.who).toEqual([{ id }]);
            expect((await h.service.from(table).select(field).eq('id', id).single()).data, c.who).toEqual({ [field]: value });
            const del = await c.client.from(table).delete().eq('id', id).select('id');
            expect(del.data, c.who).toEqual([{ id }]);
            expect((await h.service.from(table).select('id').eq('id', id)).data, c.who).toEqual([]);
          }
          // the consultants' attempts left the target as it was
          expect((await h.service.from(table).select('*').eq('id', targetId).single()).data).toEqual(target.data);
        } finally {
          await h.service.from(table).delete().eq('id', targetId);
          binned.push(targetId);
        }
      });
    }

    it("images: authors and admins upload to 'blog-images' at any level; a consultant only at aal2 (the calendar's photo)", async () => {
      const names: Record<string, string> = {};
      for (const c of callers) names[c.who] = `blog/${tag(`roles-${c.aal}-${c.role}`)}.png`;
      try {
        for (const c of callers) {
          const { error } = await c.client.storage.from('blog-images').upload(names[c.who], png(), { contentType: 'image/png' });
          // the migration lets a consultant with the second factor upload too ("Writers and
          // consultants upload site images"): the calendar tab's photo goes to this bucket
          const allowed = writesContent(c) || seesVisitors(c);
          if (allowed) expect(error, c.who).toBeNull();
          else expect(error, c.who).not.toBeNull();
        }
        const stored = await sql<{ name: string }>(`select name from storage.objects where bucket_id = 'blog-images' and name = any($1::text[]) order by name`, [
          Object.values(names),
        ]);
        expect(stored.map((o) => o.name)).toEqual(
          callers
            .filter((c) => writesContent(c) || seesVisitors(c))
            .map((c) => names[c.who])
            .sort(),
        );
        expect(stored.map((o) => o.name)).not.toContain(names['consultant aal1']);
      } finally {
        await h.service.storage.from('blog-images').remove(Object.values(names));
      }
    });
  });

  describe("visitors' data: consultants and admins at aal2 only", () => {
    let inquiry: string;
    let contact: string;
    let booking: string;
    let note: string;
    let meetingLink: string | null;

    beforeAll(async () => {
      const email = `${tag('roles-visitor')}@example.com`;
      const message = `Искаме CRM (${tag('roles')}).`;
      const sent = await h.visitor().from('contact_submissions').insert({
        name: 'Роли Посетител',
        email,
        phone: '',
        company: 'Роли ООД',
        message,
        purpose: 'custom',
        contact_method: 'email',
      });
      expect(sent.error).toBeNull();
      [{ id: inquiry, contact_id: contact }] = await sql<{ id: string; contact_id: string }>('select id, contact_id from public.contact_submissions where message = $1', [message]);
      expect(contact).toBeTruthy();
      // a booking the system arranges (past the booking rules), off the slot grid, far ahead
      const at = new Date(Date.now() + (400 + (Date.now() % 300)) * 86_400_000);
      at.setUTCHours(2, 13, 0, 0);
      [{ id: booking }] = await sql<{ id: string }>(
        `insert into public.appointments (client_name, client_email, preferred_date, status) values ('Роли Посетител', $1, $2, 'confirmed') returning id`,
        [email, at.toISOString()],
      );
      [{ id: note }] = await sql<{ id: string }>(`insert into public.lead_notes (contact_id, inquiry_id, body) values ($1, $2, 'Бележка на ролите.') returning id`, [contact, inquiry]);
      [{ meeting_link: meetingLink }] = await sql<{ meeting_link: string | null }>('select meeting_link from public.meeting_settings');
    });
    afterAll(async () => {
      await sql('update public.meeting_settings set meeting_link = $1', [meetingLink]);
      await sql('delete from public.appointments where id = $1', [booking]);
      await sql('delete from public.contact_submissions where id = $1', [inquiry]);
      await sql('delete from public.contacts where id = $1', [contact]);
    });

    it('reads inquiries, bookings, contacts, notes and the meeting settings; everybody else reads nothing', async () => {
      for (const c of callers) {
        const reads = await Promise.all([
          c.client.from('contact_submissions').select('id').eq('id', inquiry),
          c.client.from('appointments').select('id').eq('id', booking),
          c.client.from('contacts').select('id').eq('id', contact),
          c.client.from('lead_notes').select('id').eq('id', note),
          c.client.from('meeting_settings').select('id'),
        ]);
        for (const [i, r] of reads.entries()) {
          expect(r.error, `${c.who} ${i}`).toBeNull();
          expect(r.data, `${c.who} ${i}`).toHaveLength(seesVisitors(c) ? 1 : 0);
        }
      }
    });

    it('changes them; everybody else changes nothing (row-level security leaves the row out) and adds no note', async () => {
      const snapshot = async () => ({
        inquiry: (await sql('select company, status from public.contact_submissions where id = $1', [inquiry]))[0],
        booking: (await sql('select company_name from public.appointments where id = $1', [booking]))[0],
        contact: (await sql('select name from public.contacts where id = $1', [contact]))[0],
        notes: (await sql<{ body: string }>('select body from public.lead_notes where contact_id = $1', [contact])).map((r) => r.body).sort(),
        meeting: (await sql('select meeting_link from public.meeting_settings'))[0],
      });
      for (const c of callers) {
        const before = await snapshot();
        const label = tag(c.who.replace(' ', '-'));
        const changes = await Promise.all([
          c.client.from('contact_submissions').update({ company: `Фирма ${label}` }).eq('id', inquiry).select('id'),
          c.client.from('appointments').update({ company_name: `Фирма ${label}` }).eq('id', booking).select('id'),
          c.client.from('contacts').update({ name: `Име ${label}` }).eq('id', contact).select('id'),
          c.client.from('meeting_settings').update({ meeting_link: `https://meet.example.com/${label}` }).eq('id', true).select('id'),
        ]);
        const added = await c.client.from('lead_notes').insert({ contact_id: contact, inquiry_id: inquiry, body: `Бележка ${label}` });
        const after = await snapshot();
        if (seesVisitors(c)) {
          for (const r of changes) expect(r.data, c.who).toHaveLength(1);
          expect(added.error, c.who).toBeNull();
          expect(after).toEqual({
            inquiry: { company: `Фирма ${label}`, status: before.inquiry.status },
            booking: { company_name: `Фирма ${label}` },
            contact: { name: `Име ${label}` },
            notes: [...before.notes, `Бележка ${label}`].sort(),
            meeting: { meeting_link: `https://meet.example.com/${label}` },
          });
        } else {
          for (const r of changes) {
            expect(r.error, c.who).toBeNull();
            expect(r.data, c.who).toEqual([]);
          }
          expect(added.error?.code, c.who).toBe('42501');
          expect(after, c.who).toEqual(before);
        }
      }
    });

    it("the functions over visitors' data answer them; everybody else gets 42501, and no export is recorded", async () => {
      const mark = await lastAuditId();
      for (const c of callers) {
        const answers = await Promise.all([
          c.client.rpc('booking_history', { booking }),
          c.client.rpc('contact_timeline', { contact }),
          c.client.rpc('lead_stage_totals'),
          c.client.rpc('calendar_feeds'),
          c.client.rpc('record_export', { kind: 'export.csv', rows: 7 }),
        ]);
        for (const [i, r] of answers.entries()) {
          if (seesVisitors(c)) expect(r.error, `${c.who} ${i}`).toBeNull();
          else expect(r.error?.code, `${c.who} ${i}`).toBe('42501');
        }
        if (seesVisitors(c)) {
          expect((answers[1].data as { contact: { id: string } }).contact.id, c.who).toBe(contact);
          expect((answers[2].data as { stage: string }[]).map((s) => s.stage), c.who).toEqual(['new', 'contacted', 'proposal', 'won', 'lost']);
        }
      }
      const exports = await sql<{ actor_blog_user: string; detail: unknown }>(
        `select actor_blog_user::text, detail from private.audit_events where id > $1 and kind = 'export.csv' order by id`,
        [mark],
      );
      expect(exports).toEqual(callers.filter(seesVisitors).map((c) => ({ actor_blog_user: c.id, detail: { rows: 7 } })));
    });

    it('a consultant at aal2 whose factor is then deleted is refused at once', async () => {
      const other = await person('consultant', 'factorless');
      const client = h.as({ sub: other.id, email: other.email });
      expect((await client.from('contact_submissions').select('id').eq('id', inquiry)).data).toHaveLength(1);
      expect((await client.rpc('lead_stage_totals')).error).toBeNull();
      await sql('delete from auth.mfa_factors where user_id = $1', [other.id]);
      expect((await client.from('contact_submissions').select('id').eq('id', inquiry)).data).toEqual([]);
      expect((await client.rpc('lead_stage_totals')).error?.code).toBe('42501');
      const changed = await client.from('contact_submissions').update({ company: 'Без фактор ООД' }).eq('id', inquiry).select('id');
      expect(changed.data).toEqual([]);
      expect((await sql<{ company: string }>('select company from public.contact_submissions where id = $1', [inquiry]))[0].company).not.toBe('Без фактор ООД');
    });

    it("a lead's owner is an active consultant or administrator, never an author", async () => {
      const refused = await adminAal2.from('contact_submissions').update({ owner_id: author.id }).eq('id', inquiry).select('owner_id');
      expect(refused.error).toMatchObject({ code: '23514', hint: 'owner_not_admin', message: OWNER_NOT_ADMIN });
      expect((await sql<{ owner_id: string | null }>('select owner_id::text from public.contact_submissions where id = $1', [inquiry]))[0].owner_id).toBeNull();
      const given = await adminAal2.from('contact_submissions').update({ owner_id: consultant.id }).eq('id', inquiry).select('owner_id');
      expect(given.error).toBeNull();
      expect(given.data).toEqual([{ owner_id: consultant.id }]);
      expect((await sql<{ owner_id: string | null }>('select owner_id::text from public.contact_submissions where id = $1', [inquiry]))[0].owner_id).toBe(consultant.id);
      // and the consultant may hand it back to nobody
      const back = await callers.find((c) => c.who === 'consultant aal2')!.client.from('contact_submissions').update({ owner_id: null }).eq('id', inquiry).select('owner_id');
      expect(back.data).toEqual([{ owner_id: null }]);
    });
  });

  describe('people, settings, the audit log and the newsletter: admins at aal2 only', () => {
    it('creates, changes and deletes blog users; everybody else is refused and nothing changes', async () => {
      const victim = await person('author', 'victim');
      const before = await sql('select id, full_name, is_active, role from public.blog_users order by id');
      for (const c of callers.filter((x) => !isAdmin(x))) {
        const username = tag('roles-made');
        const ins = await c.client.from('blog_users').insert({ username, email: `${username}@example.com`, password: 'roles-password-2026', role: 'author' });
        expect(ins.error?.code, c.who).toBe('42501');
        const upd = await c.client.from('blog_users').update({ full_name: 'Сменено' }).eq('id', victim.id).select('id');
        expect(upd.data ?? [], c.who).toEqual([]);
        const del = await c.client.from('blog_users').delete().eq('id', victim.id).select('id');
        expect(del.data ?? [], c.who).toEqual([]);
      }
      expect(await sql('select id, full_name, is_active, role from public.blog_users order by id')).toEqual(before);

      const username = tag('roles-made');
      const made = await adminAal2.from('blog_users').insert({ username, email: `${username}@example.com`, password: 'roles-password-2026', full_name: 'Нова' }).select('id, role').single();
      expect(made.error).toBeNull();
      people.push(made.data!.id);
      // a blog user made without a role is an author, the least one can be
      expect(made.data!.role).toBe('author');
      const upd = await adminAal2.from('blog_users').update({ full_name: 'Сменено от админ' }).eq('id', victim.id).select('id');
      expect(upd.data).toEqual([{ id: victim.id }]);
      expect((await sql<{ full_name: string }>('select full_name from public.blog_users where id = $1', [victim.id]))[0].full_name).toBe('Сменено от админ');
      const del = await adminAal2.from('blog_users').delete().eq('id', made.data!.id).select('id');
      expect(del.data).toEqual([{ id: made.data!.id }]);
      expect(await sql('select id from public.blog_users where id = $1', [made.data!.id])).toEqual([]);
    });

    it("the newsletter's subscribers: only admins at aal2 read them", async () => {
      const email = `${tag('roles-reader')}@example.com`;
      const [{ id }] = await sql<{ id: string }>('insert into public.newsletter_subscribers (email, mailbox) values ($1, private.mailbox_key($1)) returning id', [email]);
      try {
        for (const c of callers) {
          const { data, error } = await c.client.from('newsletter_subscribers').select('id').eq('id', id);
          expect(error, c.who).toBeNull();
          expect(data, c.who).toHaveLength(isAdmin(c) ? 1 : 0);
        }
      } finally {
        await sql('delete from public.newsletter_subscribers where id = $1', [id]);
      }
    });

    it('the functions of the audit log, the factors, the retention runs and the newsletter answer admins at aal2; everybody else gets 42501 and changes nothing', async () => {
      for (const c of callers) {
        const answers = await Promise.all([
          c.client.rpc('newsletter_counts'),
          c.client.rpc('audit_events', { page_size: 1 }),
          c.client.rpc('staff_second_factors'),
          c.client.rpc('retention_runs'),
        ]);
        for (const [i, r] of answers.entries()) {
          if (isAdmin(c)) expect(r.error, `${c.who} ${i}`).toBeNull();
          else expect(r.error?.code, `${c.who} ${i}`).toBe('42501');
        }
        if (isAdmin(c)) {
          const factors = (answers[2].data as { blog_user: string }[]).map((f) => f.blog_user);
          expect(factors).toEqual(expect.arrayContaining([ADMIN.id, author.id, consultant.id]));
        }
      }
    });

    it('the retention periods: every role reads them, only an admin at aal2 changes one, and that change alone is in the audit log', async () => {
      const [{ days }] = await sql<{ days: number }>(`select days from public.retention_settings where kind = 'audit_events'`);
      const mark = await lastAuditId();
      try {
        for (const c of callers) {
          expect((await c.client.from('retention_settings').select('kind')).data, c.who).toHaveLength(RETENTION_KINDS.length);
          const { data, error } = await c.client.from('retention_settings').update({ days: days + 1 }).eq('kind', 'audit_events').select('days');
          expect(error, c.who).toBeNull();
          expect(data, c.who).toEqual(isAdmin(c) ? [{ days: days + 1 }] : []);
          if (isAdmin(c)) await sql(`update public.retention_settings set days = $1 where kind = 'audit_events'`, [days]);
        }
        const changes = await sql<{ actor_blog_user: string | null }>(
          `select actor_blog_user::text from private.audit_events where id > $1 and kind = 'settings.changed' and record_table = 'retention_settings'`,
          [mark],
        );
        // the admin's change, and the system's putting it back
        expect(changes).toEqual([{ actor_blog_user: ADMIN.id }, { actor_blog_user: null }]);
      } finally {
        await sql(`update public.retention_settings set days = $1 where kind = 'audit_events'`, [days]);
      }
    });
  });

  describe('the team: every admitted blog user reads it', () => {
    it('every role at every level reads all blog users; a signed-up stranger nothing, an inactive blog user only their own row', async () => {
      const all = (await h.service.from('blog_users').select('id')).data!.map((r) => r.id as string).sort();
      expect(all.length).toBeGreaterThanOrEqual(3);
      for (const c of callers) {
        const { data, error } = await c.client.from('blog_users').select('id, username, full_name, role');
        expect(error, c.who).toBeNull();
        expect(data!.map((r) => r.id as string).sort(), c.who).toEqual(all);
      }
      const stranger = await h.stranger(`${tag('roles-stranger')}@example.net`, { confirmed: true });
      const seen = await stranger.client.from('blog_users').select('id');
      expect(seen.error).toBeNull();
      expect(seen.data).toEqual([]);
      const inactive = await person('author', 'inactive', false);
      const own = await h.as({ sub: inactive.id, email: inactive.email }).from('blog_users').select('id, is_active');
      expect(own.data).toEqual([{ id: inactive.id, is_active: false }]);
    });
  });

  describe("the bin: a deleted person's record is the administrator's", () => {
    it('authors and an admin at aal1 do not see it nor restore it; an admin at aal2 does', async () => {
      const gone = await person('author', 'binned');
      expect((await h.service.from('blog_users').delete().eq('id', gone.id)).error).toBeNull();
      people.splice(people.indexOf(gone.id), 1);
      binned.push(gone.id);
      const [{ id: item }] = await sql<{ id: string }>(`select id from public.content_bin where table_name = 'blog_users' and record_id = $1`, [gone.id]);

      for (const c of callers) {
        const { data, error } = await c.client.from('content_bin').select('id, table_name');
        expect(error, c.who).toBeNull();
        const ids = (data ?? []).map((r) => r.id as string);
        if (isAdmin(c)) expect(ids, c.who).toContain(item);
        else expect(ids, c.who).not.toContain(item);
        if (!isAdmin(c)) expect((data ?? []).filter((r) => r.table_name === 'blog_users'), c.who).toEqual([]);
      }
      for (const c of callers.filter((x) => x.role === 'author')) {
        const restored = await c.client.rpc('restore_from_bin', { item, new_password: 'restored-password-1' });
        expect(restored.error?.code, c.who).toBe('P0002');
        expect(restored.error?.hint, c.who).toBe('bin_item_missing');
        // nor may an author empty it of that record
        const emptied = await c.client.from('content_bin').delete().eq('id', item).select('id');
        expect(emptied.data ?? [], c.who).toEqual([]);
      }
      const consultantRestore = await callers.find((c) => c.who === 'consultant aal2')!.client.rpc('restore_from_bin', { item, new_password: 'restored-password-1' });
      expect(consultantRestore.error?.code).toBe('42501');
      expect(await sql('select id from public.content_bin where id = $1', [item])).toEqual([{ id: item }]);
      expect(await sql('select id from public.blog_users where id = $1', [gone.id])).toEqual([]);
    });
  });

  describe('the roles themselves', () => {
    it('an unknown role is refused in Bulgarian, whoever asks, and nothing is written', async () => {
      const username = tag('roles-owner');
      const email = `${username}@example.com`;
      const answers = [
        await adminAal2.from('blog_users').insert({ username, email, password: 'roles-password-2026', role: 'owner' }),
        await h.service.from('blog_users').insert({ username, email, password: 'roles-password-2026', role: 'owner' }),
        await adminAal2.from('blog_users').update({ role: 'owner' }).eq('id', author.id),
        await h.service.from('blog_users').update({ role: 'owner' }).eq('id', author.id),
      ];
      for (const a of answers) expect(a.error).toMatchObject({ code: '23514', hint: 'role_unknown', message: UNKNOWN_ROLE });
      expect(await sql('select id from public.blog_users where username = $1', [username])).toEqual([]);
      expect((await roleOf(author.id)).role).toBe('author');
    });

    it('nobody but an admin at aal2 changes a role: not their own, not anybody else\'s', async () => {
      for (const c of callers.filter((x) => !isAdmin(x))) {
        const own = await c.client.from('blog_users').update({ role: 'admin' }).eq('id', c.id).select('id');
        expect(own.data ?? [], c.who).toEqual([]);
        const other = await c.client.from('blog_users').update({ role: 'admin' }).eq('id', author.id).select('id');
        expect(other.data ?? [], c.who).toEqual([]);
      }
      expect((await roleOf(author.id)).role).toBe('author');
      expect((await roleOf(consultant.id)).role).toBe('consultant');
      expect((await roleOf(ADMIN.id)).role).toBe('admin');
    });

    it("an admin at aal2 changes a colleague's role, and the audit log records it from and to (one event)", async () => {
      const colleague = await person('author', 'colleague');
      const mark = await lastAuditId();
      const changed = await adminAal2.from('blog_users').update({ role: 'consultant' }).eq('id', colleague.id).select('role');
      expect(changed.error).toBeNull();
      expect(changed.data).toEqual([{ role: 'consultant' }]);
      expect((await roleOf(colleague.id)).role).toBe('consultant');
      const events = await sql<{ kind: string; actor_blog_user: string; record_table: string; record_id: string; detail: unknown }>(
        `select kind, actor_blog_user::text, record_table, record_id, detail from private.audit_events where id > $1 and record_table = 'blog_users' order by id`,
        [mark],
      );
      expect(events).toEqual([{ kind: 'person.role', actor_blog_user: ADMIN.id, record_table: 'blog_users', record_id: colleague.id, detail: { fields: ['role'], from: 'author', to: 'consultant' } }]);
      // with the seeded administrator still active, another administrator may be demoted
      const second = await person('admin', 'second-admin');
      const demoted = await adminAal2.from('blog_users').update({ role: 'author' }).eq('id', second.id).select('role');
      expect(demoted.error).toBeNull();
      expect((await roleOf(second.id)).role).toBe('author');
    });

    it('the last active administrator cannot be demoted, by themselves or the service role', async () => {
      // whatever other administrators this database has (other suites may have made some), they
      // are inactive for this test, and active again after it
      const others = (await sql<{ id: string }>(`select id::text from public.blog_users where is_active and role = 'admin' and id <> $1`, [ADMIN.id])).map((r) => r.id);
      await sql('update public.blog_users set is_active = false where id = any($1::uuid[])', [others]);
      try {
        const self = await adminAal2.from('blog_users').update({ role: 'consultant' }).eq('id', ADMIN.id).select('role');
        expect(self.error).toMatchObject({ code: '23514', hint: 'last_admin', message: LAST_ADMIN });
        const service = await h.service.from('blog_users').update({ role: 'author' }).eq('id', ADMIN.id);
        expect(service.error).toMatchObject({ code: '23514', hint: 'last_admin', message: LAST_ADMIN });
        expect(await roleOf(ADMIN.id)).toEqual({ role: 'admin', is_active: true });
        expect(await sql(`select id from public.blog_users where is_active and role = 'admin'`)).toEqual([{ id: ADMIN.id }]);
      } finally {
        await sql('update public.blog_users set is_active = true where id = any($1::uuid[])', [others]);
      }
    });
  });
}
