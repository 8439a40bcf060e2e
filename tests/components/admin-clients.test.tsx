import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ClientForm } from '@/admin/clients/ClientForm';
import type { AdminClient } from '@/admin/clients/api';
import { ClientsTab } from '@/admin/clients/ClientsTab';
import { unsavedText } from '@/admin/kit/navigation/unsaved-changes';
import { renderAdmin } from './admin-fixtures';
import { rest, server, storage } from './msw';
import { fakeTable } from './paged-table';
import { findDialog } from './dialogs';

const toasts = () => screen.getByRole('region', { name: /Известия/ });
const png = (size = 64, name = 'logo.png') => new File([new Uint8Array(size)], name, { type: 'image/png' });
const ALT_REQUIRED = 'Опишете изображението (алтернативен текст).';
const altField = () => screen.getByLabelText(/^Алтернативен текст/);
const BUCKET = { id: 'blog-images', name: 'blog-images', public: true, file_size_limit: 10485760, allowed_mime_types: ['image/png'] };

function storageAnswers() {
  const seen = { bucketChecks: 0, uploads: [] as { path: string; upsert: string | null; cacheControl: FormDataEntryValue | null }[] };
  server.use(
    http.get(storage('bucket/blog-images'), () => {
      seen.bucketChecks += 1;
      return HttpResponse.json(BUCKET);
    }),
    http.post(storage('object/blog-images/*'), async ({ request }) => {
      const path = new URL(request.url).pathname.replace('/storage/v1/object/blog-images/', '');
      const form = await request.formData();
      seen.uploads.push({ path, upsert: request.headers.get('x-upsert'), cacheControl: form.get('cacheControl') });
      return HttpResponse.json({ Id: 'obj-1', Key: `blog-images/${path}` });
    }),
  );
  return seen;
}

describe('client form', () => {
  it('needs a name, a logo and its alt text', async () => {
    renderAdmin(<ClientForm client={null} onDone={() => {}} />);
    const user = userEvent.setup({ delay: null });
    expect(screen.getByRole('heading', { name: 'Нов клиент' })).toBeInTheDocument();
    expect(screen.getByText(/Препоръчителен размер: 300x200 px, PNG с прозрачен фон/)).toBeInTheDocument();
    expect(screen.getByText(/се създава с миграция на базата данни/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Създай клиента' }));
    expect(await screen.findByText('Моля, въведете име на клиента.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Име на клиента/), 'Хотел Изгрев');
    await user.click(screen.getByRole('button', { name: 'Създай клиента' }));
    expect((await screen.findAllByText('Моля, качете лого на клиента')).length).toBeGreaterThan(0);
    expect(screen.getByText(ALT_REQUIRED)).toBeInTheDocument();
  });

  it('uploads the logo under clients/ with a random, timestamped name, no overwrite, cache 3600 s; previews and saves it', async () => {
    const seen = storageAnswers();
    const inserts: unknown[] = [];
    server.use(
      http.post(rest('clients'), async ({ request }) => {
        inserts.push(await request.json());
        return HttpResponse.json([{ id: 'c-1' }], { status: 201 });
      }),
    );
    const onDone = vi.fn();
    renderAdmin(<ClientForm client={null} onDone={onDone} />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Име на клиента/), 'Хотел Изгрев');
    await user.upload(screen.getByLabelText('Качи лого'), png(64, 'Лого Хотел.PNG'));
    expect(await within(toasts()).findByText('Логото е качено')).toBeInTheDocument();
    expect(seen.bucketChecks).toBe(1);
    expect(seen.uploads).toHaveLength(1);
    expect(seen.uploads[0].path).toMatch(/^clients\/[a-z0-9]{12}-\d{13}\.png$/);
    expect(seen.uploads[0].upsert).toBe('false');
    expect(seen.uploads[0].cacheControl).toBe('3600');
    const url = `http://supabase.test/storage/v1/object/public/blog-images/${seen.uploads[0].path}`;
    expect(screen.getByRole('img', { name: 'Лого на Хотел Изгрев' })).toHaveAttribute('src', url);
    // the preview says what the alt text says
    fireEvent.change(altField(), { target: { value: ' Лого на Хотел Изгрев: слънце над морето ' } });
    expect(screen.getAllByRole('img', { name: 'Лого на Хотел Изгрев: слънце над морето' }).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Създай клиента' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(inserts).toEqual([{ name: 'Хотел Изгрев', logo: url, logo_alt: 'Лого на Хотел Изгрев: слънце над морето' }]);
    expect(await within(toasts()).findByText('Клиентът е създаден')).toBeInTheDocument();
  });

  it('refuses a file over 10 MB before sending anything', async () => {
    renderAdmin(<ClientForm client={null} onDone={() => {}} />);
    await userEvent.upload(screen.getByLabelText('Качи лого'), png(10 * 1024 * 1024 + 1, 'ogromno.png'));
    // no handler is installed: a request would fail the test
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Файлът „ogromno.png“ (10 MB) надвишава максималния размер от 10 MB.');
    expect(await within(toasts()).findByText('Грешка при качване')).toBeInTheDocument();
  });

  it("says 'Bucket ... does not exist or is not accessible.' and uploads nothing when the bucket check fails", async () => {
    server.use(http.get(storage('bucket/blog-images'), () => HttpResponse.json({ statusCode: '404', error: 'Bucket not found', message: 'Bucket not found' }, { status: 400 })));
    renderAdmin(<ClientForm client={null} onDone={() => {}} />);
    await userEvent.upload(screen.getByLabelText('Качи лого'), png());
    expect(await screen.findByRole('alert')).toHaveTextContent('Bucket blog-images does not exist or is not accessible.');
  });

  it('explains a storage permission refusal in terms of storage policies', async () => {
    server.use(
      http.get(storage('bucket/blog-images'), () => HttpResponse.json(BUCKET)),
      http.post(storage('object/blog-images/*'), () =>
        HttpResponse.json({ statusCode: '403', error: 'Unauthorized', message: 'new row violates row-level security policy' }, { status: 400 }),
      ),
    );
    renderAdmin(<ClientForm client={null} onDone={() => {}} />);
    await userEvent.upload(screen.getByLabelText('Качи лого'), png());
    expect(await screen.findByRole('alert')).toHaveTextContent(/политиките за достъп \(storage policies\)/);
  });

  it('edits a client: update sends name, logo, its alt text and updated_at', async () => {
    const patches: Record<string, unknown>[] = [];
    const guards: (string | null)[] = [];
    server.use(
      http.patch(rest('clients'), async ({ request }) => {
        guards.push(new URL(request.url).searchParams.get('updated_at'));
        patches.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json([{ id: 'c-1', updated_at: '2026-01-02T00:00:00.000001+00:00' }]);
      }),
    );
    const onDone = vi.fn();
    renderAdmin(
      <ClientForm
        client={{ id: 'c-1', name: 'Стар', logo: '/demo/client-1.svg', logo_alt: 'Лого на Стар', created_at: '', updated_at: '2026-01-01T00:00:00+00:00' }}
        onDone={onDone}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Редактиране на клиент' })).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^Име на клиента/));
    await userEvent.type(screen.getByLabelText(/^Име на клиента/), 'Нов');
    await userEvent.click(screen.getByRole('button', { name: 'Обнови клиента' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(patches[0]).toMatchObject({ name: 'Нов', logo: '/demo/client-1.svg', logo_alt: 'Лого на Стар' });
    expect(typeof patches[0].updated_at).toBe('string');
    // guarded by the version the form loaded
    expect(guards).toEqual(['eq.2026-01-01T00:00:00+00:00']);
    expect(await within(toasts()).findByText('Клиентът е обновен')).toBeInTheDocument();
  });

  it('a logo without alt text is not saved: the message in a toast and under the field', async () => {
    const onDone = vi.fn();
    // no handler for a write is installed: a request would fail the test
    renderAdmin(
      <ClientForm client={{ id: 'c-1', name: 'Стар', logo: '/demo/client-1.svg', logo_alt: '', created_at: '', updated_at: '2026-01-01T00:00:00+00:00' }} onDone={onDone} />,
    );
    fireEvent.change(altField(), { target: { value: '   ' } });
    await userEvent.click(screen.getByRole('button', { name: 'Обнови клиента' }));
    expect(await within(toasts()).findByText(ALT_REQUIRED)).toBeInTheDocument();
    expect(altField()).toHaveAttribute('aria-invalid', 'true');
    expect(altField()).toHaveAccessibleDescription(expect.stringContaining(ALT_REQUIRED));
    expect(onDone).not.toHaveBeenCalled();
  });

  it("the database's refusal for a missing alt text lands on the alt field", async () => {
    server.use(
      http.patch(rest('clients'), () =>
        HttpResponse.json({ code: '23514', message: 'Every image needs its alt text', details: null, hint: 'image_alt_missing' }, { status: 400 }),
      ),
    );
    const onDone = vi.fn();
    renderAdmin(
      <ClientForm client={{ id: 'c-1', name: 'Стар', logo: '/demo/client-1.svg', logo_alt: 'Лого на Стар', created_at: '', updated_at: '2026-01-01T00:00:00+00:00' }} onDone={onDone} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Обнови клиента' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ALT_REQUIRED);
    expect(altField()).toHaveAttribute('aria-invalid', 'true');
    expect(onDone).not.toHaveBeenCalled();
  });
});

/** n clients, c-1 the newest. */
function manyClients(n: number): AdminClient[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `c-${i + 1}`,
    name: `Клиент ${i + 1}`,
    logo: `/demo/client-${(i % 5) + 1}.svg`,
    logo_alt: `Лого на Клиент ${i + 1}`,
    created_at: new Date(Date.UTC(2026, 0, 1) - i * 3_600_000).toISOString(),
    updated_at: '2026-01-01T00:00:00.000Z',
  }));
}

const clientNames = () => within(screen.getByRole('list', { name: 'Клиенти' })).getAllByText(/^Клиент \d+$/, { selector: 'h3' }).map((h) => h.textContent);

describe('clients tab', () => {
  it('shows the grid, each logo with its alt text, and asks before deleting', async () => {
    const clients = fakeTable('clients', [{ id: 'c-1', name: 'Фитнес Про', logo: '/demo/client-3.svg', logo_alt: 'Фитнес Про: червена гира', created_at: '', updated_at: '' }]);
    renderAdmin(<ClientsTab />);
    expect(screen.getByRole('heading', { name: 'Клиенти' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Фитнес Про: червена гира' })).toHaveAttribute('width', '150');
    expect(screen.getByRole('list', { name: 'Клиенти' })).toHaveClass('sm:grid-cols-2', 'lg:grid-cols-3');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /^Изтрий/ }));
    const dialog = await findDialog('alertdialog');
    expect(within(dialog).getByText('Сигурни ли сте, че искате да изтриете този клиент?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Изтрий' }));
    await waitFor(() => expect(clients.deletes).toEqual(['c-1']));
    expect(await within(toasts()).findByText('Клиентът е изтрит')).toBeInTheDocument();
    expect(await screen.findByText('Все още няма добавени клиенти.')).toBeInTheDocument();
  });

  it('asks for one page of 20 named columns with an exact count; page 2 shows the next clients', async () => {
    const clients = fakeTable('clients', manyClients(22));
    renderAdmin(<ClientsTab />);
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Клиент 1', { selector: 'h3' });
    const params = clients.gets[0].searchParams;
    expect(params.get('select')).toBe('id,name,logo,logo_alt,created_at,updated_at');
    expect(params.get('order')).toBe('created_at.desc,id.desc');
    expect(params.get('offset')).toBe('0');
    expect(params.get('limit')).toBe('20');
    expect(clients.prefers[0]).toContain('count=exact');
    expect(clientNames()).toHaveLength(20);
    expect(screen.getByText('Общо клиенти: 22')).toBeInTheDocument();

    const pager = screen.getByRole('navigation', { name: 'Страници на клиентите' });
    await user.click(within(pager).getByRole('button', { name: 'Страница 2' }));
    expect(await screen.findByText('Клиент 21', { selector: 'h3' })).toBeInTheDocument();
    expect(clientNames()).toEqual(['Клиент 21', 'Клиент 22']);
    expect(within(pager).getByRole('button', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('the search narrows the list by name; nothing found says so and can be cleared', async () => {
    const rows = manyClients(22);
    rows[20].name = 'Хотел Изгрев';
    const clients = fakeTable('clients', rows);
    renderAdmin(<ClientsTab />);
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Клиент 1', { selector: 'h3' });
    const search = screen.getByRole('searchbox', { name: 'Търсене' });
    expect(screen.getByRole('search', { name: 'Търсене в клиентите' })).toContainElement(search);
    await user.type(search, 'изгрев{Enter}');
    expect(await screen.findByText('Намерени клиенти: 1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Хотел Изгрев' })).toBeInTheDocument();
    expect(clients.gets.at(-1)!.searchParams.get('or')).toBe('(name.ilike."*изгрев*")');

    await user.clear(search);
    await user.type(search, 'няма такъв{Enter}');
    expect(await screen.findByText('Няма клиенти, които отговарят на търсенето.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Изчисти търсенето' }));
    expect(await screen.findByText('Общо клиенти: 22')).toBeInTheDocument();
  });

  it('Редактирай loads the client by id and the form shows it', async () => {
    const clients = fakeTable('clients', [{ id: 'c-1', name: 'Фитнес Про', logo: '/demo/client-3.svg', logo_alt: 'Лого на Фитнес Про', created_at: '', updated_at: '' }]);
    renderAdmin(<ClientsTab />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Редактирай/ }));
    expect(screen.getByText('Зареждане на клиента...')).toBeInTheDocument();
    expect(await screen.findByLabelText(/^Име на клиента/)).toHaveValue('Фитнес Про');
    expect(screen.getByRole('heading', { name: 'Редактиране на клиент' })).toBeInTheDocument();
    expect(clients.idGets().map((u) => u.searchParams.get('id'))).toEqual(['eq.c-1']);
  });

  it("'Отказ' on a changed client form asks first; staying keeps the typing, leaving goes back to the list", async () => {
    fakeTable('clients', [{ id: 'c-1', name: 'Фитнес Про', logo: '/demo/client-3.svg', logo_alt: 'Лого на Фитнес Про', created_at: '', updated_at: '' }]);
    renderAdmin(<ClientsTab />);
    const user = userEvent.setup({ delay: null });
    // an untouched form leaves at once
    await user.click(await screen.findByRole('button', { name: 'Нов клиент' }));
    await user.click(screen.getByRole('button', { name: 'Отказ' }));
    expect(await screen.findByRole('img', { name: 'Лого на Фитнес Про' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Редактирай/ }));
    const name = await screen.findByLabelText(/^Име на клиента/);
    await user.click(name);
    await user.paste(' и партньори');
    await user.click(screen.getByRole('button', { name: 'Отказ' }));
    const question = await findDialog('alertdialog', { name: unsavedText.title });
    expect(question).toHaveTextContent(unsavedText.message);
    await user.click(within(question).getByRole('button', { name: 'Отказ' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Име на клиента/)).toHaveValue('Фитнес Про и партньори');

    await user.click(screen.getByRole('button', { name: 'Отказ' }));
    await user.click(within(await findDialog('alertdialog')).getByRole('button', { name: unsavedText.leave }));
    expect(await screen.findByRole('heading', { name: 'Клиенти' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Име на клиента/)).not.toBeInTheDocument();
  });

  it("shows 'Неуспешно зареждане на клиенти.' when the list fails", async () => {
    server.use(http.get(rest('clients'), () => HttpResponse.json({ code: 'XX000', message: 'boom' }, { status: 500 })));
    renderAdmin(<ClientsTab />);
    expect(await screen.findByText('Неуспешно зареждане на клиенти.')).toBeInTheDocument();
  });
});
