import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientForm } from '@/features/admin/clients/ClientForm';
import { ClientsTab } from '@/features/admin/clients/ClientsTab';
import { renderAdmin, resetToasts } from './admin-fixtures';
import { rest, server, storage } from './msw';

afterEach(() => resetToasts());

const toasts = () => screen.getByRole('region', { name: /Известия/ });
const png = (size = 64, name = 'logo.png') => new File([new Uint8Array(size)], name, { type: 'image/png' });
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
  it('needs a name and a logo', async () => {
    renderAdmin(<ClientForm client={null} onDone={() => {}} />);
    const user = userEvent.setup({ delay: null });
    expect(screen.getByRole('heading', { name: 'Нов клиент' })).toBeInTheDocument();
    expect(screen.getByText(/Препоръчителен размер: 300x200 px, PNG с прозрачен фон/)).toBeInTheDocument();
    expect(screen.getByText(/се създава с миграция на базата данни/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Създай клиента' }));
    expect(screen.getByText('Моля, въведете име на клиента.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Име на клиента/), 'Хотел Изгрев');
    await user.click(screen.getByRole('button', { name: 'Създай клиента' }));
    expect(screen.getAllByText('Моля, качете лого на клиента').length).toBeGreaterThan(0);
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

    await user.click(screen.getByRole('button', { name: 'Създай клиента' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(inserts).toEqual([{ name: 'Хотел Изгрев', logo: url }]);
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

  it('edits a client: update sends name, logo and updated_at', async () => {
    const patches: Record<string, unknown>[] = [];
    server.use(
      http.patch(rest('clients'), async ({ request }) => {
        patches.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json([{ id: 'c-1' }]);
      }),
    );
    const onDone = vi.fn();
    renderAdmin(<ClientForm client={{ id: 'c-1', name: 'Стар', logo: '/demo/client-1.svg', created_at: '', updated_at: '' }} onDone={onDone} />);
    expect(screen.getByRole('heading', { name: 'Редактиране на клиент' })).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^Име на клиента/));
    await userEvent.type(screen.getByLabelText(/^Име на клиента/), 'Нов');
    await userEvent.click(screen.getByRole('button', { name: 'Обнови клиента' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(patches[0]).toMatchObject({ name: 'Нов', logo: '/demo/client-1.svg' });
    expect(typeof patches[0].updated_at).toBe('string');
    expect(await within(toasts()).findByText('Клиентът е обновен')).toBeInTheDocument();
  });
});

describe('clients tab', () => {
  it('shows the grid and asks before deleting', async () => {
    const deletes: string[] = [];
    server.use(
      http.get(rest('clients'), () => HttpResponse.json([{ id: 'c-1', name: 'Фитнес Про', logo: '/demo/client-3.svg', created_at: '', updated_at: '' }])),
      http.delete(rest('clients'), ({ request }) => {
        deletes.push(new URL(request.url).searchParams.get('id') ?? '');
        return HttpResponse.json([{ id: 'c-1' }]);
      }),
    );
    renderAdmin(<ClientsTab />);
    expect(screen.getByRole('heading', { name: 'Клиенти' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Лого на Фитнес Про' })).toHaveAttribute('width', '150');
    expect(screen.getByRole('list', { name: 'Клиенти' })).toHaveClass('sm:grid-cols-2', 'lg:grid-cols-3');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /^Изтрий/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Сигурни ли сте, че искате да изтриете този клиент?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Изтрий' }));
    await waitFor(() => expect(deletes).toEqual(['eq.c-1']));
    expect(await within(toasts()).findByText('Клиентът е изтрит')).toBeInTheDocument();
  });

  it("shows 'Неуспешно зареждане на клиенти.' when the list fails", async () => {
    server.use(http.get(rest('clients'), () => HttpResponse.json({ code: 'XX000', message: 'boom' }, { status: 500 })));
    renderAdmin(<ClientsTab />);
    expect(await screen.findByText('Неуспешно зареждане на клиенти.')).toBeInTheDocument();
  });
});
