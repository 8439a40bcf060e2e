import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { DataRequestsTab } from '@/admin/data-requests/DataRequestsTab';
import { DownloadData } from '@/admin/contacts/DownloadData';
import { exportHtml, type ContactExport } from '@/admin/contacts/export';
import { ADMIN_BLOG_USER, renderAdmin } from './admin-fixtures';
import { rest, server } from './msw';

// 'Заявки за лични данни' (src/admin/data-requests/): the confirmed requests, open ones first by
// their deadline, who handles each and its outcome; and the contact page's 'Изтегли данните'
// (src/admin/contacts/DownloadData.tsx). The database's side: tests/backend/data-requests.test.ts.

const DAY = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const GEORGI = { id: 'u-2', username: 'georgi', full_name: 'Георги Петров', is_active: true, role: 'consultant' };

function request(id: string, extra: Record<string, unknown> = {}) {
  return { id, email: `${id}@example.com`, kind: 'copy', status: 'open', confirmed_at: at(-20), due_at: at(10), handled_by: null, outcome: null, closed_at: null, contact_id: null, handler: null, ...extra };
}

function answers() {
  const asked: URL[] = [];
  const changes: { url: URL; body: Record<string, unknown> }[] = [];
  server.use(
    http.get(rest('blog_users'), () => HttpResponse.json([{ ...ADMIN_BLOG_USER }, GEORGI])),
    // no calendar settings stored: the consultant's clock is Sofia's, the default
    http.get(rest('calendar_settings'), () => HttpResponse.json([])),
    http.get(rest('data_requests'), ({ request: r }) => {
      asked.push(new URL(r.url));
      return HttpResponse.json(
        [
          request('late', { due_at: at(-2), kind: 'erasure', contact_id: 'c-1' }),
          request('soon', { due_at: at(2.5), handled_by: GEORGI.id, handler: GEORGI }),
          request('later'),
          request('closed', { status: 'done', outcome: 'Изпратихме копие.', closed_at: at(-1), due_at: at(-5) }),
        ],
        { headers: { 'content-range': '0-3/4' } },
      );
    }),
    http.patch(rest('data_requests'), async ({ request: r }) => {
      changes.push({ url: new URL(r.url), body: (await r.json()) as Record<string, unknown> });
      return HttpResponse.json([{ id: new URL(r.url).searchParams.get('id')!.replace('eq.', '') }]);
    }),
  );
  return { asked, changes };
}

const rowOf = async (email: string) => (await screen.findByRole('heading', { name: email })).closest('li')!;

describe("'Заявки за лични данни'", () => {
  it('lists the confirmed requests, open ones by deadline, marking the overdue and those due within 7 days', async () => {
    const { asked } = answers();
    renderAdmin(<DataRequestsTab />);
    const list = await screen.findByRole('list', { name: 'Заявки' });
    expect(within(list).getAllByRole('heading').map((h) => h.textContent)).toEqual(['late@example.com', 'soon@example.com', 'later@example.com', 'closed@example.com']);
    expect(asked[0].searchParams.get('order')).toBe('closed_at.desc.nullsfirst,due_at.asc,id.asc');
    const late = await rowOf('late@example.com');
    expect(late).toHaveTextContent('Изтриване на данните');
    expect(within(late).getByText(/\(просрочена с 2 дни\)/)).toHaveClass('text-danger-700');
    expect(within(late).getByRole('link', { name: /Контакт: данни и история/ })).toHaveAttribute('href', '/blog-admin/contacts/c-1');
    const soon = await rowOf('soon@example.com');
    expect(within(soon).getByText(/\(остават 3 дни\)/)).toBeInTheDocument();
    expect(within(soon).getByLabelText('Обработва')).toHaveDisplayValue('Георги Петров');
    expect(within(await rowOf('later@example.com')).queryByText(/остават|просрочена/)).not.toBeInTheDocument();
    const closed = await rowOf('closed@example.com');
    expect(closed).toHaveTextContent('Изпълнена');
    expect(closed).toHaveTextContent('Изпратихме копие.');
    expect(within(closed).queryByRole('button', { name: /Отбележи като изпълнена/ })).not.toBeInTheDocument();
  });

  it('takes a request, gives it to a colleague, and closes it only with what was done', async () => {
    const { changes } = answers();
    renderAdmin(<DataRequestsTab />);
    const user = userEvent.setup({ delay: null });
    const later = await rowOf('later@example.com');
    await user.click(within(later).getByRole('button', { name: 'Поеми заявката later@example.com' }));
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0].body).toEqual({ handled_by: ADMIN_BLOG_USER.id });
    expect(changes[0].url.searchParams.get('id')).toBe('eq.later');

    await user.selectOptions(within(later).getByLabelText('Обработва'), GEORGI.id);
    await waitFor(() => expect(changes).toHaveLength(2));
    expect(changes[1].body).toEqual({ handled_by: GEORGI.id });

    await user.click(within(later).getByRole('button', { name: /Откажи заявката/ }));
    expect(within(later).getByText('Опишете какво е направено, преди да затворите заявката.')).toBeInTheDocument();
    expect(changes).toHaveLength(2);
    await user.type(within(later).getByLabelText('Какво е направено'), '  Изпратихме копие по имейл.  ');
    await user.click(within(later).getByRole('button', { name: /Отбележи като изпълнена/ }));
    await waitFor(() => expect(changes).toHaveLength(3));
    expect(changes[2].body).toEqual({ status: 'done', outcome: 'Изпратихме копие по имейл.' });
  });
});

describe("the contact page's 'Изтегли данните'", () => {
  const exported: ContactExport = {
    made_at: '2026-11-29T10:00:00+00:00',
    contact: { id: 'c-1', name: 'Петър <b>Петров</b>', email: 'petar@example.com', phone: '' },
    inquiries: [{ id: 'i-1', message: '<script>alert(1)</script> Искаме CRM.', created_at: '2026-11-20T08:00:00+00:00' }],
    bookings: [{ id: 'b-1', preferred_date: '2026-12-02T09:00:00+00:00', history: [] }],
  };

  it('downloads the export as JSON and as a readable page, after the database recorded it', async () => {
    const asked: unknown[] = [];
    server.use(
      http.post(rest('rpc/contact_data_export'), async ({ request: r }) => {
        asked.push(await r.json());
        return HttpResponse.json(exported);
      }),
    );
    const files: { name: string; type: string; text: string }[] = [];
    const blobs = new Map<string, Blob>();
    let n = 0;
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      writable: true,
      value: (blob: Blob) => {
        const url = `blob:test/${++n}`;
        blobs.set(url, blob);
        return url;
      },
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => {} });
    const clicks: Promise<void>[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const blob = blobs.get(this.href)!;
      const name = this.download;
      clicks.push(
        new Promise<void>((done) => {
          const reader = new FileReader();
          reader.onload = () => done(void files.push({ name, type: blob.type, text: String(reader.result) }));
          reader.readAsText(blob);
        }),
      );
    });
    renderAdmin(<DownloadData contactId="c-1aaaaaaa-0000" />);
    await userEvent.click(screen.getByRole('button', { name: 'Изтегли данните' }));
    expect(await screen.findByText('Данните са изтеглени')).toBeInTheDocument();
    await Promise.all(clicks);
    expect(asked).toEqual([{ contact: 'c-1aaaaaaa-0000' }]);
    expect(files.map((f) => f.name)).toEqual([expect.stringMatching(/^danni-na-kontakt-c-1aaaaa-\d{4}-\d{2}-\d{2}\.json$/), expect.stringMatching(/\.html$/)]);
    expect(JSON.parse(files[0].text)).toEqual(exported);
    expect(files[1].type).toBe('text/html;charset=utf-8');
    expect(files[1].text).toContain('<h2>Запитвания</h2>');
    vi.restoreAllMocks();
  });

  it('escapes everything in the page: what a visitor typed stays text', () => {
    const html = exportHtml(exported);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Искаме CRM.');
    expect(html).toContain('<title>Лични данни: Петър &lt;b&gt;Петров&lt;/b&gt;</title>');
    expect(html).toContain('<th scope="row">Съобщение</th>');
    expect(html).toContain('<h2>Резервации</h2>');
    // the times on the Sofia clock
    expect(html).toContain('<td>2 декември 2026 г. в 11:00</td>');
  });
});
