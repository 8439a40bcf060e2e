import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { AuditTab } from '@/admin/audit/AuditTab';
import { renderAdmin } from './admin-fixtures';
import { rest, server } from './msw';

// 'Одит' (src/admin/audit/): the database's audit log for administrators, newest first, a page at
// a time, filtered by person, kind and days on the consultant's clock, with a CSV of its own.

const MARIA = 'a0000000-0000-4000-8000-000000000001';

function event(id: number, extra: Record<string, unknown> = {}) {
  return { id, at: new Date(Date.UTC(2026, 10, 28, 9, 0) - id * 60_000).toISOString(), actor_blog_user: MARIA, actor_name: 'Мария Иванова', kind: 'post.changed', record_table: 'blog_posts', record_id: `p${id}`, detail: { fields: ['title'] }, ...extra };
}

function answers() {
  const asked: Record<string, unknown>[] = [];
  const recorded: unknown[] = [];
  server.use(
    http.get(rest('blog_users'), () => HttpResponse.json([{ id: MARIA, username: 'admin', full_name: 'Мария Иванова', is_active: true }])),
    http.get(rest('calendar_settings'), () => HttpResponse.json([])),
    http.post(rest('rpc/audit_events'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      asked.push(body);
      const before = typeof body.before_id === 'number' ? body.before_id : 1000;
      const size = Number(body.page_size);
      const all = Array.from({ length: 60 }, (_, i) => event(60 - i)).filter((e) => e.id < before);
      return HttpResponse.json(all.slice(0, size));
    }),
    http.get(rest('retention_settings'), ({ request }) =>
      new URL(request.url).searchParams.get('kind') === 'eq.audit_events' ? HttpResponse.json({ days: 730 }) : HttpResponse.json([]),
    ),
    http.post(rest('rpc/record_export'), async ({ request }) => {
      recorded.push(await request.json());
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { asked, recorded };
}

describe("'Одит'", () => {
  it('lists who did what, newest first, fifty at a time; older ones on request; filters go to the database', async () => {
    const { asked } = answers();
    renderAdmin(<AuditTab />);
    const list = await screen.findByRole('list', { name: 'Одит' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(50));
    const first = within(list).getAllByRole('listitem')[0];
    expect(first).toHaveTextContent('Мария Иванова');
    expect(first).toHaveTextContent('Промяна на публикация');
    expect(first).toHaveTextContent('публикация p60');
    expect(first).toHaveTextContent('полета: title');
    expect(asked[0]).toEqual({ page_size: 50 });

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'По-стари записи' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(60));
    expect(asked.at(-1)).toEqual({ page_size: 50, before_id: 11 });
    expect(screen.queryByRole('button', { name: 'По-стари записи' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Вид'), 'data');
    await user.selectOptions(screen.getByLabelText('Потребител'), MARIA);
    await user.type(screen.getByLabelText('От дата'), '2026-11-01');
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({
        person: MARIA,
        kinds: ['export.csv', 'contact.export', 'contact.erased', 'lead.deleted', 'booking.deleted', 'subscriber.erased'],
        // midnight in Sofia (the consultant's clock without settings): 22:00 UTC the day before
        since: '2026-10-31T22:00:00.000Z',
        page_size: 50,
      }),
    );
  });

  it('its CSV holds every row for the filters and is itself recorded before the file is made', async () => {
    const { recorded } = answers();
    const files: string[] = [];
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: () => 'blob:test/1' });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      files.push(this.download);
    });
    renderAdmin(<AuditTab />);
    await screen.findByRole('list', { name: 'Одит' });
    await userEvent.click(screen.getByRole('button', { name: 'Експорт в CSV' }));
    expect(await screen.findByText('Записи: 60.')).toBeInTheDocument();
    expect(recorded).toEqual([{ kind: 'export.csv', rows: 60 }]);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^odit-\d{4}-\d{2}-\d{2}\.csv$/);
    vi.restoreAllMocks();
  });

  it('says how long the log is kept, from the retention period of audit_events, and where it is set', async () => {
    answers();
    renderAdmin(<AuditTab />);
    expect(await screen.findByText('Записите се пазят 2 години. Срокът се променя в „Поверителност“, със сроковете за пазене на другите данни.')).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
  });

  it('names a retention period changed by its kind', async () => {
    answers();
    server.use(
      http.post(rest('rpc/audit_events'), () =>
        HttpResponse.json([event(1, { kind: 'settings.changed', record_table: 'retention_settings', record_id: 'leads_closed', detail: { fields: ['days'], from: 730, to: 365 } })]),
      ),
    );
    renderAdmin(<AuditTab />);
    const list = await screen.findByRole('list', { name: 'Одит' });
    const row = await within(list).findByRole('listitem');
    expect(row).toHaveTextContent('Промяна на настройки');
    expect(row).toHaveTextContent('срок за пазене „Загубени и неотговорени запитвания“');
    expect(row).toHaveTextContent('730 → 365');
  });
});
