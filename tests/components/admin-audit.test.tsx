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
    http.post(rest('rpc/audit_retention'), () => HttpResponse.json(365)),
    http.post(rest('rpc/set_audit_retention'), async ({ request }) => {
      const { days } = (await request.json()) as { days: number };
      return days < 30
        ? HttpResponse.json({ code: '22023', message: 'Пазете записите на одита между 30 и 3650 дни.', hint: 'audit_retention_range' }, { status: 400 })
        : HttpResponse.json(days);
    }),
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
        kinds: ['export.csv', 'contact.export', 'contact.erased', 'subscriber.erased'],
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

  it("sets how long the log is kept; the database's refusal is shown as it says it", async () => {
    answers();
    renderAdmin(<AuditTab />);
    const field = await screen.findByLabelText('Пазене на записите (дни)');
    await waitFor(() => expect(field).toHaveValue(365));
    const user = userEvent.setup({ delay: null });
    await user.clear(field);
    await user.type(field, '20');
    await user.click(screen.getByRole('button', { name: 'Запази срока' }));
    expect(await screen.findByText('Пазете записите на одита между 30 и 3650 дни.')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '730');
    await user.click(screen.getByRole('button', { name: 'Запази срока' }));
    expect(await screen.findByText('Записите на одита се пазят 730 дни.')).toBeInTheDocument();
  });
});
