import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { PrivacyPanel } from '@/admin/privacy/PrivacyPanel';
import { readPreview } from '@/shared/preview/preview-store';
import { PrivacyPreview } from '@/site/pages/privacy/PrivacyPreview';
import { renderAdmin, testQueryClient } from './admin-fixtures';
import { rest, server } from './msw';

// 'Поверителност' (src/admin/privacy/): the controller's facts and the processors, saved together
// and checked in Bulgarian (the ЕИК's check digit among them); the notice's text, previewed as the
// public page and published as a new version; the versions with their date and who, each viewable.

const SETTINGS = {
  controller_name: 'Синаптика ООД',
  controller_eik: '206123451',
  controller_address: 'гр. София 1000, ул. „Примерна“ 1',
  controller_email: 'zdravei@sinaptika.example',
  processors: [{ name: 'Supabase', purpose: 'Базата данни', location: 'Европейски съюз' }],
};
const VERSIONS = [
  { version: 2, created_at: '2026-11-20T10:00:00Z', body: '## Вашите права\n\nВтора версия.' },
  { version: 1, created_at: '2026-11-01T09:00:00Z', body: 'Първа версия на текста.' },
];

const single = (request: Request) => (request.headers.get('accept') ?? '').includes('vnd.pgrst.object');

function answers({ settings = SETTINGS, publish }: { settings?: typeof SETTINGS; publish?: () => Response } = {}) {
  const saved: Record<string, unknown>[] = [];
  const published: Record<string, unknown>[] = [];
  server.use(
    http.get(rest('privacy_settings'), ({ request }) => HttpResponse.json(single(request) ? settings : [settings])),
    http.patch(rest('privacy_settings'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saved.push(body);
      return HttpResponse.json([{ ...settings, ...body }]);
    }),
    http.get(rest('privacy_notices'), ({ request }) => {
      const version = new URL(request.url).searchParams.get('version');
      if (version) {
        const row = VERSIONS.find((v) => `eq.${v.version}` === version)!;
        return HttpResponse.json(single(request) ? { body: row.body } : [{ body: row.body }]);
      }
      return HttpResponse.json(VERSIONS.map(({ version: v, created_at }) => ({ version: v, created_at })));
    }),
    http.get(rest('privacy_notice_staff'), () =>
      HttpResponse.json([
        { version: 2, created_by_name: 'Мария Иванова' },
        { version: 1, created_by_name: 'Георги Петров' },
      ]),
    ),
    // the retention section of the same tab (P2's RetentionSection: tests/components/admin-retention.test.tsx)
    http.get(rest('calendar_settings'), () => HttpResponse.json([])),
    http.get(rest('retention_settings'), () => HttpResponse.json([])),
    http.post(rest('rpc/retention_runs'), () => HttpResponse.json([])),
    http.post(rest('privacy_notices'), async ({ request }) => {
      published.push((await request.json()) as Record<string, unknown>);
      return publish?.() ?? HttpResponse.json({ version: 3, created_at: '2026-11-29T12:00:00Z' }, { status: 201 });
    }),
  );
  return { saved, published };
}

const user = () => userEvent.setup({ delay: null });

describe("'Поверителност'", () => {
  it("shows the controller, the processors, the current text in the editor and every version with its date and who", async () => {
    answers();
    renderAdmin(<PrivacyPanel />, { path: '/blog-admin/privacy' });
    expect(await screen.findByLabelText('ЕИК')).toHaveValue('206123451');
    expect(screen.getByLabelText('Дружество')).toHaveValue('Синаптика ООД');
    expect(screen.getByLabelText('Обработващ 1: име')).toHaveValue('Supabase');
    expect(await screen.findByLabelText(/^Текст на политиката \(Markdown\)/)).toHaveValue('## Вашите права\n\nВтора версия.');
    const versions = within(screen.getByRole('list', { name: 'Версии' })).getAllByRole('listitem');
    expect(versions.map((v) => v.textContent)).toEqual([
      expect.stringMatching(/^Версия 2текуща20 ноември 2026 г\., \d\d:00Мария ИвановаВиж$/),
      expect.stringMatching(/^Версия 1.*Георги Петров/),
    ]);
    expect(screen.getByRole('link', { name: /Отвори публичната страница/ })).toHaveAttribute('href', '/poveritelnost');
  });

  it('refuses an ЕИК with a wrong check digit in Bulgarian, and sends nothing', async () => {
    const { saved } = answers();
    renderAdmin(<PrivacyPanel />, { path: '/blog-admin/privacy' });
    const eik = await screen.findByLabelText('ЕИК');
    const u = user();
    await u.clear(eik);
    await u.paste('206123450');
    await u.click(screen.getByRole('button', { name: 'Запази данните' }));
    expect(await screen.findByText('Невалиден ЕИК: 9 или 13 цифри с вярна контролна цифра.')).toBeInTheDocument();
    expect(eik).toHaveAttribute('aria-invalid', 'true');
    expect(saved).toEqual([]);
  });

  it("saves a branch's 13-digit ЕИК with a processor added", async () => {
    const { saved } = answers();
    renderAdmin(<PrivacyPanel />, { path: '/blog-admin/privacy' });
    const eik = await screen.findByLabelText('ЕИК');
    const u = user();
    await u.clear(eik);
    await u.paste('1213961230342');
    await u.click(screen.getByRole('button', { name: 'Добави обработващ' }));
    for (const [field, value] of [
      [screen.getByLabelText('Обработващ 2: име'), 'Resend'],
      [screen.getAllByLabelText('За какво')[1], 'Имейлите'],
      [screen.getAllByLabelText('Къде')[1], 'САЩ'],
    ] as const) {
      await u.click(field);
      await u.paste(value);
    }
    await u.click(screen.getByRole('button', { name: 'Запази данните' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ ...SETTINGS, controller_eik: '1213961230342', processors: [...SETTINGS.processors, { name: 'Resend', purpose: 'Имейлите', location: 'САЩ' }] });
    expect(await screen.findByText('Данните са запазени')).toBeInTheDocument();
  });

  it("publishes the edited text as a new version; 'Преглед' opens the public page with the draft", async () => {
    const { published } = answers();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderAdmin(<PrivacyPanel />, { path: '/blog-admin/privacy' });
    const field = await screen.findByLabelText(/^Текст на политиката \(Markdown\)/);
    const u = user();
    await u.clear(field);
    await u.click(field);
    await u.paste('## Нова глава\n\nНов текст.');
    await u.click(screen.getByRole('button', { name: /^Преглед/ }));
    const id = String(open.mock.calls[0][0]).match(/^\/blog-admin\/preview\/privacy\/([a-z0-9]+)$/)?.[1];
    expect(readPreview(id!)).toMatchObject({ kind: 'privacy', data: { body: '## Нова глава\n\nНов текст.' } });

    await u.click(screen.getByRole('button', { name: 'Публикувай нова версия' }));
    await waitFor(() => expect(published).toEqual([{ body: '## Нова глава\n\nНов текст.' }]));
    expect(await screen.findByText('Публикувана е версия 3')).toBeInTheDocument();
    open.mockRestore();
  });

  it("says which facts are missing, and shows the database's refusal without the ЕИК", async () => {
    answers({
      settings: { ...SETTINGS, controller_eik: '' },
      publish: () =>
        HttpResponse.json(
          { code: '22023', hint: 'privacy_controller_eik', details: null, message: 'Политиката не може да се публикува без ЕИК на администратора на данните. Попълнете го в „Администратор на данните“.' },
          { status: 400 },
        ),
    });
    renderAdmin(<PrivacyPanel />, { path: '/blog-admin/privacy' });
    expect(await screen.findByText('Преди да публикувате, попълнете в „Администратор на данните“: ЕИК.')).toBeInTheDocument();
    const field = await screen.findByLabelText(/^Текст на политиката \(Markdown\)/);
    const u = user();
    await u.click(field);
    await u.paste(' Още.');
    await u.click(screen.getByRole('button', { name: 'Публикувай нова версия' }));
    expect(await screen.findByText(/без ЕИК на администратора на данните/)).toBeInTheDocument();
  });

  it('opens a version: its text rendered as the page renders it', async () => {
    answers();
    renderAdmin(<PrivacyPanel />, { path: '/blog-admin/privacy' });
    await screen.findByLabelText(/^Текст на политиката \(Markdown\)/);
    await user().click(screen.getByRole('button', { name: 'Виж версия 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Версия 1' });
    expect(await within(dialog).findByText('Първа версия на текста.')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Георги Петров');
  });
});

describe("the notice's preview page", () => {
  it('renders the draft as the next version, with the controller and the periods the system holds', async () => {
    server.use(
      http.get(rest('privacy_settings'), () => HttpResponse.json([SETTINGS])),
      http.get(rest('privacy_notices'), () => HttpResponse.json([{ version: 2, body: 'Стар текст.', created_at: '2026-11-20T10:00:00Z' }])),
      http.get(rest('retention_settings'), () => HttpResponse.json([{ kind: 'mail_bodies', days: 90 }])),
    );
    render(
      <QueryClientProvider client={testQueryClient()}>
        <PrivacyPreview body={'## Чернова\n\nНов текст за преглед.'} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Политика за поверителност' })).toBeInTheDocument();
    expect(screen.getByText(/^Версия 3 от/)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Чернова' })).toBeInTheDocument();
    expect(screen.queryByText('Стар текст.')).not.toBeInTheDocument();
    expect(screen.getByText('206123451')).toBeInTheDocument();
    expect(screen.getByText('90 дни')).toBeInTheDocument();
  });
});
