import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { RetentionSection } from '@/admin/privacy/RetentionSection';
import { RETENTION_KINDS } from '@/shared/domain/retention';
import { renderAdmin } from './admin-fixtures';
import { rest, server } from './msw';

// 'Срокове за пазене' of 'Поверителност' (src/admin/privacy/RetentionSection.tsx): each kind's
// period with what happens at its end, changed by a number and a unit within the kind's bounds
// (Bulgarian messages before anything is sent; the database's own refusal shown as it says it),
// and what the daily job removed at its last run.

const AT = '2026-11-29T01:37:00.000Z';

function answers(options: { runs?: unknown[]; refuse?: boolean; filtered?: boolean } = {}) {
  const periods = new Map<string, number>(RETENTION_KINDS.map((k) => [k.kind, k.defaultDays]));
  const sent: { kind: string | null; days: number }[] = [];
  server.use(
    http.get(rest('calendar_settings'), () => HttpResponse.json([])),
    http.get(rest('retention_settings'), () => HttpResponse.json([...periods].map(([kind, days]) => ({ kind, days, updated_at: AT })))),
    http.patch(rest('retention_settings'), async ({ request }) => {
      const kind = new URL(request.url).searchParams.get('kind')?.replace(/^eq\./, '') ?? null;
      const { days } = (await request.json()) as { days: number };
      sent.push({ kind, days });
      if (options.refuse) {
        return HttpResponse.json({ code: '23514', message: 'Срокът трябва да е между 90 дни и 10 години.', hint: 'retention_out_of_range', details: null }, { status: 400 });
      }
      if (options.filtered) return HttpResponse.json([]);
      periods.set(kind!, days);
      return HttpResponse.json([{ kind, days, updated_at: AT }]);
    }),
    http.post(rest('rpc/retention_runs'), () =>
      HttpResponse.json(
        options.runs ??
          RETENTION_KINDS.map((k, i) => ({ kind: k.kind, ran_at: AT, removed: k.kind === 'data_requests' ? null : i, failed: k.kind === 'data_requests' })),
      ),
    ),
  );
  return { sent };
}

const cardOf = async (label: RegExp) => screen.findByRole('group', { name: label });

describe("'Срокове за пазене'", () => {
  it('shows every kind with its period in words and what happens at its end, and the last run per kind', async () => {
    answers();
    renderAdmin(<RetentionSection />);
    const list = await screen.findByRole('list', { name: 'Срокове за пазене' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(RETENTION_KINDS.length);
    const leads = await cardOf(/^Загубени и неотговорени запитвания: 2 години$/);
    expect(leads).toHaveTextContent('Броено от последната активност по запитването.');
    expect(leads).toHaveTextContent('Спечелените клиенти остават');
    expect(within(leads).getByLabelText('Срок')).toHaveValue(2);
    expect(within(leads).getByLabelText('Мярка')).toHaveValue('years');
    const unsubscribed = await cardOf(/^Отписали се абонати на бюлетина: 30 дни$/);
    expect(unsubscribed).toHaveTextContent('Адресът се заменя с ключов хеш');

    expect(await screen.findByText('Последно прилагане: 29.11.2026 г., 03:37 ч.')).toBeInTheDocument();
    const run = screen.getByRole('heading', { name: 'Последно прилагане' }).parentElement!;
    expect(within(run).getByText('Загубени и неотговорени запитвания').nextElementSibling).toHaveTextContent('0 записа');
    expect(within(run).getByText('Минали срещи').nextElementSibling).toHaveTextContent('1 запис');
    expect(within(run).getByText('Приключени заявки за лични данни').nextElementSibling).toHaveTextContent('Неуспешно');
  });

  /** Types a period into a kind's card ('2' 'months') and presses its 'Запази'. */
  async function setPeriod(card: HTMLElement, value: string, unit: string) {
    const user = userEvent.setup({ delay: null });
    const amount = within(card).getByLabelText('Срок');
    await user.clear(amount);
    await user.paste(value);
    await user.selectOptions(within(card).getByLabelText('Мярка'), unit);
    await user.click(within(card).getByRole('button', { name: /^Запази / }));
    return amount;
  }

  it('refuses under the minimum and over ten years in Bulgarian, before anything is sent', async () => {
    const { sent } = answers();
    renderAdmin(<RetentionSection />);
    const leads = await cardOf(/^Загубени и неотговорени запитвания/);
    const amount = await setPeriod(leads, '2', 'months');
    expect(await within(leads).findByRole('alert')).toHaveTextContent('Най-краткият срок за „Загубени и неотговорени запитвания“ е 90 дни.');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    await setPeriod(leads, '11', 'years');
    expect(await within(leads).findByRole('alert')).toHaveTextContent('Най-дългият срок е 10 години.');
    expect(sent).toEqual([]);
  });

  it('saves a period in months as days, and shows it in words', async () => {
    const { sent } = answers();
    renderAdmin(<RetentionSection />);
    const leads = await cardOf(/^Загубени и неотговорени запитвания/);
    expect(within(leads).getByRole('button', { name: 'Запази Загубени и неотговорени запитвания' })).toBeInTheDocument();
    await setPeriod(leads, '18', 'months');
    await waitFor(() => expect(sent).toEqual([{ kind: 'leads_closed', days: 540 }]));
    expect(await screen.findByText('Загубени и неотговорени запитвания: 18 месеца.')).toBeInTheDocument();
    expect(await cardOf(/^Загубени и неотговорени запитвания: 18 месеца$/)).toBeInTheDocument();
    expect(within(leads).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the database's refusal as it says it, and says when the change reached no row", async () => {
    answers({ refuse: true });
    renderAdmin(<RetentionSection />);
    const user = userEvent.setup({ delay: null });
    let leads = await cardOf(/^Загубени и неотговорени запитвания/);
    await user.click(within(leads).getByRole('button', { name: /^Запази/ }));
    expect(await within(leads).findByRole('alert')).toHaveTextContent('Срокът трябва да е между 90 дни и 10 години.');

    answers({ filtered: true });
    leads = await cardOf(/^Загубени и неотговорени запитвания/);
    await user.click(within(leads).getByRole('button', { name: /^Запази/ }));
    expect(await within(leads).findByRole('alert')).toHaveTextContent('Само администратор, влязъл с двуфакторна защита, променя сроковете.');
  });

  it('says so when the job has not run yet', async () => {
    answers({ runs: [] });
    renderAdmin(<RetentionSection />);
    expect(await screen.findByText('Задачата още не е прилагала сроковете.')).toBeInTheDocument();
  });
});
