import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InquiriesTab } from '@/admin/inbox/InquiriesTab';
import { formatReceivedBg } from '@/admin/inbox/format';
import { SEARCH_DELAY_MS } from '@/admin/kit/lists/use-list-state';
import { currentAddress, renderAdmin } from './admin-fixtures';
import { CHAT_DOWN, inquiryRow, listAnswer, NOT_REPORTED } from './inbox-fixtures';
import { rest, server } from './msw';
import { fakeTable } from './paged-table';

afterEach(() => {
  vi.restoreAllMocks();
});
// the owner picker's admins, and no calendar settings stored (the consultant's clock is Sofia's)
beforeEach(() => {
  server.use(
    http.get(rest('blog_users'), () => HttpResponse.json([{ id: 'a-1', username: 'admin', full_name: 'Мария Иванова', is_active: true }])),
    http.get(rest('calendar_settings'), () => HttpResponse.json([])),
  );
});

const toasts = () => screen.getByRole('region', { name: /Известия/ });

/** Records every list request's query string and answers with the given function. */
function inquiriesAnswer(answer: (url: URL) => Response) {
  const seen: URL[] = [];
  server.use(
    http.get(rest('contact_submissions'), ({ request }) => {
      const url = new URL(request.url);
      seen.push(url);
      return answer(url);
    }),
  );
  return seen;
}

describe('Запитвания', () => {
  it("says when the source is the same day's visit (the visitor kept nothing), and not otherwise", async () => {
    server.use(
      http.get(rest('contact_submissions'), () =>
        listAnswer([inquiryRow({ first_touch: { utm_source: 'linkedin', utm_campaign: 'зима', landing_path: '/', at: '2026-11-22T12:00:00.000Z', via: 'visit' } })], 1),
      ),
    );
    renderAdmin(<InquiriesTab />);
    const item = await screen.findByRole('article', { name: 'Иван Петров' });
    expect(within(item).getByText(/linkedin · зима/)).toBeInTheDocument();
    expect(within(item).getByText('По посещението от същия ден (без съгласие за съхранение)')).toBeInTheDocument();
  });

  it('lists inquiries newest first, 20 a page with an exact count, each with its details and links', async () => {
    const prefer: (string | null)[] = [];
    const urls: URL[] = [];
    server.use(
      http.get(rest('contact_submissions'), ({ request }) => {
        urls.push(new URL(request.url));
        prefer.push(request.headers.get('prefer'));
        return listAnswer(
          [
            inquiryRow(),
            inquiryRow({
              id: 'i-2',
              name: 'Мария Димитрова',
              company: 'Хотел Изгрев',
              purpose: 'hospitality',
              contact_method: 'phone',
              email: '',
              phone: '+359 877 000 111',
              status: 'contacted',
              first_touch: null,
              message: 'Първи ред\nвтори ред',
              created_at: '2026-11-21T08:00:00.000Z',
            }),
          ],
          2,
        );
      }),
    );
    renderAdmin(<InquiriesTab />);

    const list = await screen.findByRole('list', { name: 'Списък със запитвания' });
    const items = within(list).getAllByRole('article');
    expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual(['Иван Петров', 'Мария Димитрова']);
    expect(screen.getByText('Общо запитвания: 2')).toBeInTheDocument();

    const first = within(list).getByRole('article', { name: 'Иван Петров' });
    expect(within(first).getByText('Имоти ООД')).toBeInTheDocument();
    expect(within(first).getByText('Недвижими имоти')).toBeInTheDocument();
    expect(within(first).getByText('Имейл и телефон')).toBeInTheDocument();
    expect(within(first).getByText('Нова', { ignore: 'option' })).toBeInTheDocument();
    // where the visit came from: the campaign's source, medium and name, and the first page
    expect(within(first).getByText(/newsletter \/ email · есен/)).toBeInTheDocument();
    expect(within(first).getByText('Начална страница: /blog/crm')).toBeInTheDocument();
    expect(within(first).queryByText(/По посещението от същия ден/)).toBeNull();
    expect(within(first).getByRole('link', { name: 'ivan@example.com' })).toHaveAttribute('href', 'mailto:ivan@example.com');
    expect(within(first).getByRole('link', { name: '+359 88 812 3456' })).toHaveAttribute('href', 'tel:+359888123456');
    expect(within(first).getByText('Търсим CRM за екип от 12 брокери.')).toBeInTheDocument();
    const received = within(first).getByText(formatReceivedBg('2026-11-22T12:05:00.000Z'));
    expect(received).toHaveAttribute('datetime', '2026-11-22T12:05:00.000Z');
    expect(received.textContent).toMatch(/^2[23] ноември 2026 г\., \d\d:05$/);
    expect(within(first).getByRole('group', { name: /Работа по запитването – Иван Петров/ })).toBeInTheDocument();
    expect(within(first).getByRole('combobox', { name: 'Етап' })).toHaveValue('new');
    expect(within(first).getByRole('link', { name: /Контакт: бележки и история/ })).toHaveAttribute('href', '/blog-admin/contacts/c-1');

    const second = within(list).getByRole('article', { name: 'Мария Димитрова' });
    expect(within(second).getByText('Туризъм и ресторанти')).toBeInTheDocument();
    expect(within(second).getAllByText('В контакт').length).toBeGreaterThan(0);
    expect(within(second).queryByText(/Начална страница/)).toBeNull();
    expect(within(second).getByText('Не е предоставен')).toBeInTheDocument();
    expect(within(second).queryByRole('link', { name: /@/ })).toBeNull();
    expect(within(second).getByRole('combobox', { name: 'Етап' })).toHaveValue('contacted');

    // one page of 20, newest first, with the exact count; no pagination for two rows
    const url = urls[0];
    expect(url.searchParams.get('order')).toBe('created_at.desc,id.desc');
    expect(url.searchParams.get('offset')).toBe('0');
    expect(url.searchParams.get('limit')).toBe('20');
    expect(url.searchParams.get('select')).toBe(
      'id,name,company,email,phone,message,purpose,contact_method,status,created_at,updated_at,lost_reason,owner_id,follow_up_at,offer_amount,contact_id,first_touch,owner:owner_id(full_name,username),notified_at,notify_error',
    );
    expect(prefer[0]).toContain('count=exact');
    expect(screen.queryByRole('navigation', { name: 'Страници на запитванията' })).toBeNull();
  });

  it('marks each inquiry the team chat has not received, with its last error as text; none before a report or once received', async () => {
    let failed = inquiryRow({ id: 'i-1', name: 'Без известие', ...CHAT_DOWN });
    const seen = inquiriesAnswer(() =>
      listAnswer(
        [
          failed,
          inquiryRow({ id: 'i-2', name: 'Още не е докладвано', ...NOT_REPORTED }),
          inquiryRow({ id: 'i-3', name: 'Получено от чата' }),
          inquiryRow({ id: 'i-4', name: 'Празна причина', notified_at: null, notify_error: '' }),
        ],
        4,
      ),
    );
    renderAdmin(<InquiriesTab />);

    const missed = await screen.findByRole('article', { name: 'Без известие' });
    expect(within(missed).getByText('Известието до екипа не е изпратено')).toBeInTheDocument();
    expect(within(missed).getByText('Чатът на екипа не е получил това запитване: вижте го оттук.')).toBeInTheDocument();
    // the reason is text in the card, not a tooltip
    expect(within(missed).getByText('HTTP 500: the chat is down')).toBeVisible();
    expect(missed).toHaveTextContent('Последна грешка: HTTP 500: the chat is down');
    expect(within(screen.getByRole('article', { name: 'Празна причина' })).getByText('неизвестна причина')).toBeInTheDocument();
    for (const name of ['Още не е докладвано', 'Получено от чата']) {
      expect(screen.getByRole('article', { name })).not.toHaveTextContent(/Известието до екипа|Последна грешка/);
    }
    expect(screen.getAllByText('Известието до екипа не е изпратено')).toHaveLength(2);
    // read with the rows, in the page's one request
    expect(seen).toHaveLength(1);
    expect(seen[0].searchParams.get('select')).toMatch(/,notified_at,notify_error$/);

    // a later attempt reaches the chat: the next refresh drops the mark
    failed = inquiryRow({ id: 'i-1', name: 'Без известие', notified_at: '2026-11-22T12:09:00.000Z', notify_error: null });
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(screen.getAllByText('Известието до екипа не е изпратено')).toHaveLength(1));
    expect(screen.getByRole('article', { name: 'Без известие' })).not.toHaveTextContent('Последна грешка');
  });

  it('moves an inquiry to another stage from its card, says so, and reloads the list', async () => {
    let status = 'new';
    const patches: { id: string | null; body: unknown }[] = [];
    const seen = inquiriesAnswer(() => listAnswer([inquiryRow({ status: status as 'new', updated_at: `2026-11-22T12:0${patches.length}:00.000Z` })], 1));
    server.use(
      http.patch(rest('contact_submissions'), async ({ request }) => {
        const body = (await request.json()) as { status: string };
        patches.push({ id: new URL(request.url).searchParams.get('id'), body });
        status = body.status;
        return HttpResponse.json([{ id: 'i-1' }]);
      }),
    );
    renderAdmin(<InquiriesTab />);
    const user = userEvent.setup({ delay: null });
    const card = await screen.findByRole('article', { name: 'Иван Петров' });
    await user.selectOptions(within(card).getByRole('combobox', { name: 'Етап' }), 'В контакт');
    expect(await within(toasts()).findByText('Запитването е обновено')).toBeInTheDocument();
    expect(patches).toEqual([{ id: 'eq.i-1', body: { status: 'contacted' } }]);
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'Иван Петров' })).getByRole('combobox', { name: 'Етап' })).toHaveValue('contacted'));
    expect(seen.length).toBe(2);
  });

  it("'Загубена' asks for the reason first: none chosen is refused, a chosen one is saved with the stage", async () => {
    const patches: unknown[] = [];
    inquiriesAnswer(() => listAnswer([inquiryRow()], 1));
    server.use(
      http.patch(rest('contact_submissions'), async ({ request }) => {
        patches.push(await request.json());
        return HttpResponse.json([{ id: 'i-1' }]);
      }),
    );
    renderAdmin(<InquiriesTab />);
    const user = userEvent.setup({ delay: null });
    const card = await screen.findByRole('article', { name: 'Иван Петров' });
    await user.selectOptions(within(card).getByRole('combobox', { name: 'Етап' }), 'Загубена');
    const dialog = await screen.findByRole('dialog', { name: 'Защо е загубена?' });
    await user.click(within(dialog).getByRole('button', { name: 'Маркирай като загубена' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Изберете или напишете причина за загубата.');
    expect(patches).toEqual([]);
    await user.click(within(dialog).getByRole('radio', { name: 'Друга причина' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Причина' }), 'Отложиха проекта');
    await user.click(within(dialog).getByRole('button', { name: 'Маркирай като загубена' }));
    await waitFor(() => expect(patches).toEqual([{ status: 'lost', lost_reason: 'Отложиха проекта' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("the database's refusal of an owner or a follow-up shows under the controls in its words, and a change that saved nothing says so", async () => {
    inquiriesAnswer(() => listAnswer([inquiryRow()], 1));
    server.use(
      http.get(rest('blog_users'), () => HttpResponse.json([{ id: 'u-2', username: 'georgi', full_name: 'Георги Петров', is_active: true, role: 'consultant' }])),
      http.patch(rest('contact_submissions'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        if ('owner_id' in body) {
          return HttpResponse.json({ code: '23514', message: 'Отговорникът трябва да е активен консултант или администратор.', details: null, hint: 'owner_not_admin' }, { status: 400 });
        }
        return HttpResponse.json([]);
      }),
    );
    renderAdmin(<InquiriesTab />);
    const user = userEvent.setup({ delay: null });
    const owner = within(await screen.findByRole('article', { name: 'Иван Петров' })).getByRole('combobox', { name: 'Отговорник' });
    await within(owner).findByRole('option', { name: 'Георги Петров' });
    await user.selectOptions(owner, 'Георги Петров');
    expect(await screen.findByText('Отговорникът трябва да е активен консултант или администратор.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Следващ контакт', { selector: 'input' }), '2030-01-15T10:30');
    await user.click(within(screen.getByLabelText('Следващ контакт', { selector: 'input' }).closest('form')!).getByRole('button', { name: 'Запази' }));
    expect(await screen.findByText(/Промяната не беше запазена/)).toBeInTheDocument();
  });

  it('a follow-up being typed stays when another field of the card saves and the lead comes back changed', async () => {
    let owner: string | null = null;
    let updatedAt = '2026-11-20T10:00:00.000Z';
    inquiriesAnswer(() => listAnswer([inquiryRow({ owner_id: owner, updated_at: updatedAt })], 1));
    server.use(
      http.get(rest('blog_users'), () =>
        HttpResponse.json([
          { id: 'u-2', username: 'georgi', full_name: 'Георги Петров', is_active: true, role: 'consultant' },
          { id: 'u-3', username: 'petar', full_name: 'Петър Автора', is_active: true, role: 'author' },
        ]),
      ),
      http.patch(rest('contact_submissions'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        if ('owner_id' in body) {
          owner = body.owner_id as string;
          updatedAt = '2026-11-20T10:05:00.000Z';
        }
        return HttpResponse.json([inquiryRow({ owner_id: owner, updated_at: updatedAt })]);
      }),
    );
    renderAdmin(<InquiriesTab />);
    const user = userEvent.setup({ delay: null });
    const card = await screen.findByRole('article', { name: 'Иван Петров' });
    const followUp = within(card).getByLabelText('Следващ контакт', { selector: 'input' });
    await user.type(followUp, '2030-01-15T10:30');
    const ownerSelect = within(card).getByRole('combobox', { name: 'Отговорник' });
    await within(ownerSelect).findByRole('option', { name: 'Георги Петров' });
    // an author owns no lead: the picker does not offer one
    expect(within(ownerSelect).queryByRole('option', { name: 'Петър Автора' })).not.toBeInTheDocument();
    await user.selectOptions(ownerSelect, 'Георги Петров');
    // the owner's save lands and the list comes back with the lead's new updated_at
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'Иван Петров' })).getByRole('combobox', { name: 'Отговорник' })).toHaveValue('u-2'));
    expect(within(screen.getByRole('article', { name: 'Иван Петров' })).getByLabelText('Следващ контакт', { selector: 'input' })).toHaveValue('2030-01-15T10:30');
  });

  it('filters by stage and service and searches name, company, e-mail and message', async () => {
    const seen = inquiriesAnswer((url) =>
      url.searchParams.get('status') === 'eq.new' ? listAnswer([inquiryRow()], 1) : listAnswer([inquiryRow(), inquiryRow({ id: 'i-2', name: 'Друг' })], 2),
    );
    renderAdmin(<InquiriesTab />);
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('article', { name: 'Друг' });

    await user.selectOptions(within(screen.getByRole('search')).getByLabelText('Етап'), 'Нови');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Друг' })).toBeNull());
    expect(screen.getByText('Намерени запитвания: 1')).toBeInTheDocument();
    expect(seen.at(-1)!.searchParams.get('status')).toBe('eq.new');

    await user.selectOptions(screen.getByLabelText('Услуга'), 'Фитнес');
    await waitFor(() => expect(seen.at(-1)!.searchParams.get('purpose')).toBe('eq.fitness'));
    expect(seen.at(-1)!.searchParams.get('status')).toBe('eq.new');

    await user.type(screen.getByRole('searchbox', { name: 'Търсене' }), 'Хотел, "Изгрев"');
    await waitFor(() =>
      expect(seen.at(-1)!.searchParams.get('or')).toBe(
        '(name.ilike."*Хотел, \\"Изгрев\\"*",company.ilike."*Хотел, \\"Изгрев\\"*",email.ilike."*Хотел, \\"Изгрев\\"*",message.ilike."*Хотел, \\"Изгрев\\"*")',
      ),
    );
    // typing does not send a request per key
    expect(seen.filter((u) => u.searchParams.has('or'))).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Изчисти филтрите' }));
    expect(await screen.findByRole('article', { name: 'Друг' })).toBeInTheDocument();
    expect(screen.getByText('Общо запитвания: 2')).toBeInTheDocument();
    expect(within(screen.getByRole('search')).getByLabelText('Етап')).toHaveValue('');
    expect(screen.getByLabelText('Услуга')).toHaveValue('');
    expect(screen.getByRole('searchbox', { name: 'Търсене' })).toHaveValue('');
  });

  it('says so when nothing matches the filters', async () => {
    inquiriesAnswer((url) => (url.searchParams.has('or') ? listAnswer([], 0) : listAnswer([inquiryRow()], 1)));
    renderAdmin(<InquiriesTab />);
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('article', { name: 'Иван Петров' });
    await user.type(screen.getByRole('searchbox', { name: 'Търсене' }), 'няма такова{Enter}');
    expect(await screen.findByText('Няма запитвания, които отговарят на филтрите.')).toBeInTheDocument();
  });

  // 50 inquiries, answered 20 at a time as the database pages them
  function fiftyInquiries() {
    const rows = (offset: number, count: number) =>
      Array.from({ length: count }, (_, i) => inquiryRow({ id: `i-${offset + i}`, name: `Клиент ${offset + i + 1}` }));
    return inquiriesAnswer((url) => {
      const offset = Number(url.searchParams.get('offset'));
      return listAnswer(rows(offset, Math.min(20, 50 - offset)), 50, offset);
    });
  }

  it('pages through 20 at a time with an accessible pager', async () => {
    const seen = fiftyInquiries();
    renderAdmin(<InquiriesTab />);
    const user = userEvent.setup({ delay: null });
    const pager = await screen.findByRole('navigation', { name: 'Страници на запитванията' });
    expect(within(pager).getByText(/Страница 1 от 3/)).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Предишна страница' })).toBeDisabled();
    expect(screen.getAllByRole('article')).toHaveLength(20);

    await user.click(within(pager).getByRole('button', { name: 'Следваща страница' }));
    // the card found by its text, then checked for its name: a query by role and name re-ran over
    // every card at each change while the next page rendered
    expect((await screen.findByText('Клиент 21')).closest('article')).toHaveAccessibleName('Клиент 21');
    expect(within(pager).getByText(/Страница 2 от 3/)).toBeInTheDocument();
    expect(seen.at(-1)!.searchParams.get('offset')).toBe('20');
    expect(screen.getByRole('heading', { level: 2, name: 'Запитвания' })).toHaveFocus();
  });

  it('the last page holds the rest, and the pager ends there', async () => {
    const seen = fiftyInquiries();
    renderAdmin(<InquiriesTab />, { path: '/blog-admin/inquiries?inquiries.page=3' });
    expect((await screen.findByText('Клиент 50')).closest('article')).toHaveAccessibleName('Клиент 50');
    expect(seen.at(-1)!.searchParams.get('offset')).toBe('40');
    expect(screen.getAllByRole('article')).toHaveLength(10);
    const pager = screen.getByRole('navigation', { name: 'Страници на запитванията' });
    expect(within(pager).getByText(/41–50 от 50/)).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Следваща страница' })).toBeDisabled();
  });

  it("shows 'Неуспешно зареждане на запитвания.' with a retry when the list cannot load", async () => {
    let calls = 0;
    inquiriesAnswer(() => {
      calls += 1;
      return calls === 1
        ? HttpResponse.json({ code: '42501', message: 'permission denied for table contact_submissions' }, { status: 403 })
        : listAnswer([inquiryRow()], 1);
    });
    renderAdmin(<InquiriesTab />);
    const card = await screen.findByRole('alert');
    expect(within(card).getByText('Неуспешно зареждане на запитвания.')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Опитайте отново' }));
    expect(await screen.findByRole('article', { name: 'Иван Петров' })).toBeInTheDocument();
  });

  it('reloads when the window regains focus', async () => {
    const seen = inquiriesAnswer(() => listAnswer([inquiryRow()], 1));
    renderAdmin(<InquiriesTab />);
    await screen.findByRole('article', { name: 'Иван Петров' });
    expect(seen).toHaveLength(1);
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(seen).toHaveLength(2));
  });
});

/** jsdom's Blob has no arrayBuffer(); FileReader reads it. */
function blobBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

describe('refreshing', () => {
  afterEach(() => vi.useRealTimers());

  it('reloads the list every 60 seconds while it is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const seen = inquiriesAnswer(() => listAnswer([inquiryRow()], 1));
    renderAdmin(<InquiriesTab />);
    await screen.findByRole('article', { name: 'Иван Петров' });
    expect(seen).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(seen).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await waitFor(() => expect(seen).toHaveLength(2));
  });

  it('steps back a page when the last page empties under it', async () => {
    let total = 21;
    const seen = inquiriesAnswer((url) => {
      const offset = Number(url.searchParams.get('offset'));
      if (offset >= total) {
        return HttpResponse.json(
          { code: 'PGRST103', message: 'Requested range not satisfiable', details: `An offset of ${offset} was requested, but there are only ${total} rows.`, hint: null },
          { status: 416 },
        );
      }
      return listAnswer(offset === 0 ? Array.from({ length: 20 }, (_, i) => inquiryRow({ id: `i-${i}`, name: `Клиент ${i + 1}` })) : [inquiryRow({ id: 'i-20', name: 'Клиент 21' })], total, offset);
    });
    server.use(http.head(rest('contact_submissions'), () => new HttpResponse(null, { headers: { 'content-range': `*/${total}` } })));
    // on the second page from its address (one page of 20 cards is rendered once, not twice)
    renderAdmin(<InquiriesTab />, { path: '/blog-admin/inquiries?inquiries.page=2' });
    expect(await screen.findByRole('article', { name: 'Клиент 21' })).toBeInTheDocument();
    total = 20; // e.g. moved on elsewhere under the 'Нови' filter
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await screen.findByRole('article', { name: 'Клиент 1' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Страници на запитванията' })).toBeNull());
    expect(seen.at(-1)!.searchParams.get('offset')).toBe('0');
  });
});

describe('CSV export', () => {
  function captureDownloads() {
    const files: { name: string; blob: Blob }[] = [];
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
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      files.push({ name: this.download, blob: blobs.get(this.href)! });
    });
    return files;
  }

  it('downloads every page of the filtered list as UTF-8 CSV with a BOM, named with the date', async () => {
    const files = captureDownloads();
    const many = Array.from({ length: 1003 }, (_, i) =>
      inquiryRow({ id: `i-${i}`, name: `Клиент ${i}`, message: i === 0 ? 'Здравейте, "екип"\nвтори ред' : 'Кратко' }),
    );
    const seen = inquiriesAnswer((url) => {
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      return listAnswer(many.slice(offset, offset + limit), many.length, offset);
    });
    // the list filtered to 'Нови' from its address (choosing a filter is tested above)
    renderAdmin(<InquiriesTab />, { path: '/blog-admin/inquiries?inquiries.status=new' });
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Клиент 0');
    expect(seen.at(-1)!.searchParams.get('status')).toBe('eq.new');

    // found by its text, then held to its role and name: a query by role and name computes the name
    // of every button of the page's twenty cards, which took a second of this test in jsdom
    const exportButton = screen.getByText('Експорт в CSV').closest('button')!;
    expect(exportButton).toHaveAccessibleName('Експорт в CSV');
    expect(exportButton).toBeVisible();
    await user.click(exportButton);
    expect(await within(toasts()).findByText('Файлът е изтеглен')).toBeInTheDocument();
    expect(within(toasts()).getByText('Експортирани запитвания: 1003.')).toBeInTheDocument();

    const exportRequests = seen.filter((u) => u.searchParams.get('limit') === '1000');
    expect(exportRequests.map((u) => u.searchParams.get('offset'))).toEqual(['0', '1000']);
    expect(exportRequests.every((u) => u.searchParams.get('status') === 'eq.new')).toBe(true);

    expect(files).toHaveLength(1);
    const today = new Date();
    const stamp = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(files[0].name).toBe(`zapitvania-${stamp}.csv`);
    expect(files[0].blob.type).toBe('text/csv;charset=utf-8');
    const bytes = await blobBytes(files[0].blob);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'Дата,Име,Компания,Услуга,Начин за контакт,Имейл,Телефон,Съобщение,Етап,Причина за загубата,Отговорник,Следващ контакт,Оферта (EUR),Източник,Канал,Кампания,Начална страница',
    );
    // the first touch of inquiryRow(): a newsletter's campaign
    expect(lines[1]).toMatch(
      /^2026-11-2\d \d\d:05,Клиент 0,Имоти ООД,Недвижими имоти,Имейл и телефон,ivan@example.com,\+359 888 123 456,"Здравейте, ""екип""\nвтори ред",Нова,,,,,newsletter,email,есен,\/blog\/crm$/,
    );
    expect(lines.filter((l) => l.includes(',Клиент '))).toHaveLength(1003);
  });

  it('records the export in the audit log before the file is made; a refused record makes no file', async () => {
    const files = captureDownloads();
    const recorded: unknown[] = [];
    let refuse = false;
    server.use(
      http.post(rest('rpc/record_export'), async ({ request }) => {
        recorded.push(await request.json());
        return refuse ? HttpResponse.json({ code: '42501', message: 'Only administrators record exports' }, { status: 403 }) : new HttpResponse(null, { status: 204 });
      }),
    );
    inquiriesAnswer(() => listAnswer([inquiryRow(), inquiryRow({ id: 'i-2', name: 'Втори' })], 2));
    renderAdmin(<InquiriesTab />);
    await screen.findByRole('article', { name: 'Иван Петров' });
    await userEvent.click(screen.getByRole('button', { name: 'Експорт в CSV' }));
    expect(await within(toasts()).findByText('Файлът е изтеглен')).toBeInTheDocument();
    expect(recorded).toEqual([{ kind: 'export.csv', rows: 2 }]);
    expect(files).toHaveLength(1);

    refuse = true;
    await userEvent.click(screen.getByRole('button', { name: 'Експорт в CSV' }));
    expect(await within(toasts()).findByText('Неуспешен експорт на запитванията.')).toBeInTheDocument();
    expect(recorded).toHaveLength(2);
    expect(files).toHaveLength(1);
  });

  it('an export that fails says so', async () => {
    captureDownloads();
    inquiriesAnswer((url) =>
      url.searchParams.get('limit') === '1000'
        ? HttpResponse.json({ code: 'XX000', message: 'boom' }, { status: 500 })
        : listAnswer([inquiryRow()], 1),
    );
    renderAdmin(<InquiriesTab />);
    await screen.findByRole('article', { name: 'Иван Петров' });
    await userEvent.click(screen.getByRole('button', { name: 'Експорт в CSV' }));
    expect(await within(toasts()).findByText('Неуспешен експорт на запитванията.')).toBeInTheDocument();
  });
});

describe('one state for what the list shows, in the address', () => {
  afterEach(() => vi.useRealTimers());

  // 25 inquiries from 'Клиент …' (two pages of a search for them) among 45 (three pages)
  const everyone = () =>
    Array.from({ length: 45 }, (_, i) =>
      inquiryRow({
        id: `i-${String(i).padStart(2, '0')}`,
        name: i < 25 ? `Клиент ${i + 1}` : `Друг ${i - 24}`,
        created_at: new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString(),
      }),
    );
  const names = () => screen.getAllByRole('article').map((article) => within(article).getByRole('heading', { level: 3 }).textContent);

  it('a press on Следваща while a search is still settling pages the new result, not the old one', async () => {
    const table = fakeTable('contact_submissions', everyone());
    renderAdmin(<InquiriesTab />, { path: '/blog-admin/inquiries' });
    const pager = await screen.findByRole('navigation', { name: 'Страници на запитванията' });
    expect(within(pager).getByText(/Страница 1 от 3/)).toBeInTheDocument();

    // the clock stands still: the search's debounce cannot fire before the press (fireEvent acts
    // at once, where user-event would wait on the faked clock)
    vi.useFakeTimers();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Търсене' }), { target: { value: 'Клиент' } });
    fireEvent.click(within(pager).getByRole('button', { name: 'Следваща страница' }));
    // less than the debounce: whatever is shown now came from the press
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS / 3));

    expect(within(pager).getByText(/Страница 2 от 2/)).toBeInTheDocument();
    expect(screen.getByText('Намерени запитвания: 25')).toBeInTheDocument();
    expect(names()).toEqual(['Клиент 5', 'Клиент 4', 'Клиент 3', 'Клиент 2', 'Клиент 1']);
    // no request ever asked for the second page of the old, unfiltered list
    const pages = table.listGets().filter((url) => url.searchParams.get('offset') === '20');
    expect(pages.map((url) => url.searchParams.has('or'))).toEqual([true]);
    expect(currentAddress()).toBe('/blog-admin/inquiries?inquiries.q=Клиент&inquiries.page=2');

    // the debounce's time passing changes nothing: the search was already applied
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS * 2));
    expect(within(pager).getByText(/Страница 2 от 2/)).toBeInTheDocument();
  });

  it('a filter chosen while a search is settling applies both at once, from the first page', async () => {
    const table = fakeTable('contact_submissions', everyone());
    renderAdmin(<InquiriesTab />, { path: '/blog-admin/inquiries?inquiries.page=3' });
    expect(await screen.findByText(/Страница 3 от 3/)).toBeInTheDocument();
    vi.useFakeTimers();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Търсене' }), { target: { value: 'Клиент 1' } });
    fireEvent.change(within(screen.getByRole('search')).getByLabelText('Етап'), { target: { value: 'new' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS / 3));
    expect(screen.getByText('Намерени запитвания: 11')).toBeInTheDocument();
    expect(currentAddress()).toBe('/blog-admin/inquiries?inquiries.q=Клиент 1&inquiries.status=new');
    const after = table.listGets().filter((url) => url.searchParams.get('status') === 'eq.new');
    expect(after.map((url) => [url.searchParams.has('or'), url.searchParams.get('offset')])).toEqual([[true, '0']]);
  });

  it('opens where the address says: search, filters and page, as after a refresh or from a shared link', async () => {
    const table = fakeTable('contact_submissions', everyone());
    renderAdmin(<InquiriesTab />, { path: '/blog-admin/inquiries?inquiries.q=Клиент&inquiries.status=new&inquiries.page=2' });
    const pager = await screen.findByRole('navigation', { name: 'Страници на запитванията' });
    expect(within(pager).getByText(/Страница 2 от 2/)).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Търсене' })).toHaveValue('Клиент');
    expect(within(screen.getByRole('search')).getByLabelText('Етап')).toHaveValue('new');
    // the first request already asks for that page: the default page is never fetched first
    expect(table.listGets()).toHaveLength(1);
    expect(table.listGets()[0].searchParams.get('offset')).toBe('20');

    // clearing resets the address to the tab alone
    await userEvent.click(screen.getByRole('button', { name: 'Изчисти филтрите' }));
    expect(await screen.findByText('Общо запитвания: 45')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Търсене' })).toHaveValue('');
    expect(currentAddress()).toBe('/blog-admin/inquiries');
  });

  it('ignores what the address cannot mean: an unknown filter value or a page that is not a number', async () => {
    const table = fakeTable('contact_submissions', everyone());
    renderAdmin(<InquiriesTab />, { path: '/blog-admin/inquiries?inquiries.status=deleted&inquiries.service=__proto__&inquiries.page=-1' });
    expect(await screen.findByText('Общо запитвания: 45')).toBeInTheDocument();
    const [first] = table.listGets();
    expect(first.searchParams.has('status')).toBe(false);
    expect(first.searchParams.has('purpose')).toBe(false);
    expect(first.searchParams.get('offset')).toBe('0');
  });
});
