// 'Табло': the period picker's days (Sofia's, on a clock fixed at 29 November 2026, 12:00 in Sofia),
// the figures in Bulgarian, the comparison with the period before, the funnels' drop-offs, the
// sources' money in EUR, each section's own request, loading and error, and the charts' tables.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardTab } from '@/admin/dashboard/DashboardTab';
import { currentAddress, renderAdmin } from './admin-fixtures';
import { answerInsights, summaryRanges } from './dashboard-fixtures';

beforeEach(() => {
  // only the date: React Query's and user-event's timers run as usual
  vi.useFakeTimers({ now: new Date('2026-11-29T10:00:00Z'), toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

function dashboard(path = '/blog-admin/dashboard') {
  renderAdmin(<DashboardTab />, { path });
  return userEvent.setup({ delay: null });
}

// by label rather than by role: a role query weighs every element of a page this large
const section = (name: string) => screen.getByLabelText(name, { selector: 'section' });
const findSection = (name: string) => screen.findByLabelText(name, { selector: 'section' });
/** A figure of 'Посещения' as the card writes it: its value and its change (with what a screen reader hears), as typed. */
const figure = (name: string) =>
  [...within(section('Посещения')).getByText(name, { selector: 'dt' }).parentElement!.querySelectorAll('dd')].map((dd) => dd.textContent);
const rowOf = (table: HTMLElement, name: string) => within(table).getByRole('rowheader', { name }).closest('tr')!;
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

describe('the period picker', () => {
  it("opens on '7 дни': today in Sofia and the six days before, compared with the seven before that", async () => {
    const calls = answerInsights();
    dashboard();
    expect(screen.getByRole('group', { name: 'Период за показване' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '7 дни' })).toBeChecked();
    await waitFor(() => expect(summaryRanges(calls)).toEqual(['2026-11-23…2026-11-29']));
    expect(screen.getByText(/^Показан период:/)).toHaveTextContent(
      'Показан период: 23 ноември 2026 г. – 29 ноември 2026 г.; сравнение с 16 ноември 2026 г. – 22 ноември 2026 г.',
    );
    // one request a section: the summary, four top lists, the funnels, the sources, the newsletter
    await waitFor(() => expect(calls).toHaveLength(8));
    expect(calls.filter((c) => c.fn === 'insights_top').map((c) => [c.body.dimension, c.body.max_rows])).toEqual([
      ['page', 10],
      ['post', 10],
      ['source', 10],
      ['campaign', 10],
    ]);
    expect(new Set(calls.map((c) => `${c.body.from_day}…${c.body.to_day}`))).toEqual(new Set(['2026-11-23…2026-11-29']));
  });

  it("'Днес', '30 дни' and a month ask for their days; the choice is kept in the address", async () => {
    const calls = answerInsights();
    const user = dashboard();
    await waitFor(() => expect(summaryRanges(calls)).toHaveLength(1));

    await user.click(screen.getByRole('radio', { name: 'Днес' }));
    await waitFor(() => expect(summaryRanges(calls).at(-1)).toBe('2026-11-29…2026-11-29'));
    expect(currentAddress()).toBe('/blog-admin/dashboard?dashboard.period=today');

    await user.click(screen.getByRole('radio', { name: '30 дни' }));
    await waitFor(() => expect(summaryRanges(calls).at(-1)).toBe('2026-10-31…2026-11-29'));

    // a month: this one up to today, then any of the last 24 by its Bulgarian name
    await user.click(screen.getByRole('radio', { name: 'Месец' }));
    await waitFor(() => expect(summaryRanges(calls).at(-1)).toBe('2026-11-01…2026-11-29'));
    const month = screen.getByRole('combobox', { name: 'Месец' });
    expect(within(month).getAllByRole('option')).toHaveLength(24);
    expect(within(month).getAllByRole('option')[0]).toHaveTextContent('ноември 2026 г.');
    await user.selectOptions(month, '2026-10');
    await waitFor(() => expect(summaryRanges(calls).at(-1)).toBe('2026-10-01…2026-10-31'));
    expect(currentAddress()).toBe('/blog-admin/dashboard?dashboard.period=month&dashboard.month=2026-10');
    expect(screen.getByText(/^Показан период:/)).toHaveTextContent('1 октомври 2026 г. – 31 октомври 2026 г.; сравнение с 31 август 2026 г. – 30 септември 2026 г.');
  });

  it('an address with a period opens on it', async () => {
    const calls = answerInsights();
    dashboard('/blog-admin/dashboard?dashboard.period=custom&dashboard.from=2026-02-01&dashboard.to=2026-02-28');
    await waitFor(() => expect(summaryRanges(calls)).toEqual(['2026-02-01…2026-02-28']));
    expect(screen.getByRole('radio', { name: 'Период' })).toBeChecked();
    expect(screen.getByLabelText('От')).toHaveValue('2026-02-01');
  });

  it("'Период' shows the days typed once 'Покажи' is pressed, and says in Bulgarian what is wrong with them first", async () => {
    const calls = answerInsights();
    const user = dashboard();
    await waitFor(() => expect(summaryRanges(calls)).toHaveLength(1));
    await user.click(screen.getByRole('radio', { name: 'Период' }));
    const from = screen.getByLabelText('От');
    const to = screen.getByLabelText('До');
    // it starts from the days on screen, and asks for nothing yet
    expect(from).toHaveValue('2026-11-23');
    expect(to).toHaveValue('2026-11-29');
    const show = screen.getByRole('button', { name: 'Покажи' });

    const refusal = async (fromDay: string, toDay: string, field: HTMLElement, message: string) => {
      fireEvent.change(from, { target: { value: fromDay } });
      fireEvent.change(to, { target: { value: toDay } });
      await user.click(show);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(message);
      expect(field).toHaveFocus();
    };
    await refusal('2026-11-10', '2026-11-01', to, 'Крайната дата не може да е преди началната.');
    await refusal('2026-11-10', '2026-12-01', to, 'Крайната дата не може да е в бъдещето.');
    await refusal('2025-01-01', '2026-11-29', to, 'Периодът може да е най-много 366 дни.');
    await refusal('', '2026-11-29', from, 'Изберете началната дата.');
    expect(summaryRanges(calls)).toHaveLength(1);

    fireEvent.change(from, { target: { value: '2026-11-01' } });
    fireEvent.change(to, { target: { value: '2026-11-15' } });
    await user.click(show);
    await waitFor(() => expect(summaryRanges(calls).at(-1)).toBe('2026-11-01…2026-11-15'));
    expect(to).not.toHaveAttribute('aria-invalid');
    expect(currentAddress()).toBe('/blog-admin/dashboard?dashboard.period=custom&dashboard.from=2026-11-01&dashboard.to=2026-11-15');
    expect(screen.getByText(/^Показан период:/)).toHaveTextContent('сравнение с 17 октомври 2026 г. – 31 октомври 2026 г.');
  });
});

describe('the figures', () => {
  it('are written in Bulgarian, each against the period before, with what a visitor is', async () => {
    answerInsights();
    dashboard();
    await findSection('Посещения');
    await waitFor(() => expect(figure('Посетители')).toEqual(['12\u00a0345', '↑ 23,5%ръст с 23,5% спрямо предходния период (преди: 10\u00a0000)']));
    expect(figure('Показвания')).toEqual(['40\u00a0210', '↓ 19,6%спад с 19,6% спрямо предходния период (преди: 50\u00a0000)']);
    expect(figure('Запитвания')).toEqual(['7', '= 0%без промяна спрямо предходния период (преди: 7)']);
    expect(figure('Резервации')).toEqual(['3', '↑ новов предходния период няма данни за сравнение (преди: 0)']);
    expect(figure('Абонирания')).toEqual(['2', '↓ 50%спад с 50% спрямо предходния период (преди: 4)']);
    // the arrows are for the eye; a screen reader hears the words
    expect(within(section('Посещения')).getAllByText(/^[↑↓=] /).every((arrow) => arrow.getAttribute('aria-hidden') === 'true')).toBe(true);
    expect(section('Посещения')).toHaveTextContent('Посетител се брои веднъж на ден');
    expect(section('Посещения')).toHaveTextContent('с ключ, който се сменя всеки ден');
  });

  it("the chart's table has every day of the period, a day without visits as zeros", async () => {
    answerInsights();
    dashboard();
    // this DOM cannot draw: the table stands in for the chart (tests/components/admin-dashboard-chart.test.tsx has both)
    const table = await screen.findByRole('region', { name: 'Посетители и показвания по дни: таблица' });
    expect(table).toBe(screen.getByLabelText('Посетители и показвания по дни: таблица'));
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Ден', 'Посетители', 'Показвания']);
    expect(within(table).getAllByRole('rowheader')).toHaveLength(7);
    expect(cells(rowOf(table, '24 ноември 2026 г.'))).toEqual(['2345', '8010']);
    expect(cells(rowOf(table, '25 ноември 2026 г.'))).toEqual(['0', '0']);
    expect(cells(rowOf(table, '29 ноември 2026 г.'))).toEqual(['2100', '8000']);

    const subscribers = screen.getByLabelText('Абонати по дни: таблица');
    expect(cells(rowOf(subscribers, '26 ноември 2026 г.'))).toEqual(['123', '2']);
    const newsletter = section('Бюлетин');
    expect(newsletter).toHaveTextContent('Потвърдени в края на периода126');
    expect(newsletter).toHaveTextContent('Отписани през периода4');
  });

  it('the funnels count each step and the drop-off from the step before', async () => {
    answerInsights();
    dashboard();
    const wizard = await screen.findByRole('list', { name: 'Запитване (съветник)' });
    const steps = (list: HTMLElement) => within(list).getAllByRole('listitem').map((item) => item.textContent);
    expect(steps(wizard)).toEqual([
      'Отворен10 посетителиНачало на фунията',
      'Стъпка 24 посетителиОтказали се: 6 (60%) · стигат 40% от започналите',
      'Стъпка 33 посетителиОтказали се: 1 (25%) · стигат 30% от започналите',
      'Изпратено1 посетителОтказали се: 2 (66,7%) · стигат 10% от започналите',
    ]);
    expect(steps(screen.getByRole('list', { name: 'Записване за консултация' }))).toEqual([
      'Отворен5 посетителиНачало на фунията',
      'Ден5 посетителиОтказали се: 0 (0%) · стигат 100% от започналите',
      'Час0 посетителиОтказали се: 5 (100%) · стигат 0% от започналите',
      'Записан0 посетителиОтказали се: — (никой не е стигнал до предходната стъпка)',
    ]);
  });

  it('the sources and campaigns: visitors, leads, conversion and the EUR won', async () => {
    answerInsights();
    dashboard();
    const table = await screen.findByRole('table', { name: 'Източници и кампании' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Източник',
      'Кампания',
      'Посетители',
      'Запитвания',
      'Резервации',
      'Конверсия',
      'Спечелени',
      'Спечелено (EUR)',
    ]);
    expect(cells(rowOf(table, 'newsletter'))).toEqual(['esen-2026', '200', '10', '0', '5%', '2', '1234,50\u00a0€']);
    expect(cells(rowOf(table, '(директно)'))).toEqual(['—без кампания', '400', '1', '1', '0,5%', '0', '0,00\u00a0€']);
    expect(cells(rowOf(table, 'facebook.com'))).toEqual(['—без кампания', '0', '1', '0', '—няма посещения', '1', '800,00\u00a0€']);
    expect(cells(rowOf(table, 'Общо спечелено'))).toEqual(['2034,50\u00a0€']);

    const pages = section('Най-посещавани страници');
    expect(cells(rowOf(pages, '/'))).toEqual(['900', '1500']);
    expect(section('Кампании')).toHaveTextContent('Няма посещения от кампании за този период.');
  });
});

describe('each section on its own', () => {
  it('says what loads, and a failed one says so in Bulgarian and retries while the others show', async () => {
    let summaries = 0;
    let releaseFunnels = () => {};
    const funnelsHeld = new Promise<void>((resolve) => (releaseFunnels = resolve));
    answerInsights({
      insights_summary: () =>
        ++summaries === 1
          ? HttpResponse.json({ code: 'XX000', message: 'boom' }, { status: 500 })
          : HttpResponse.json({ visitors: 1, pageviews: 2, inquiries: 0, bookings: 0, signups: 0, days: [], previous: { visitors: 0, pageviews: 0, inquiries: 0, bookings: 0, signups: 0 } }),
      insights_funnels: async () => {
        await funnelsHeld;
        return HttpResponse.json({ wizard: [], booking: [] });
      },
    });
    const user = dashboard();
    expect(await within(await findSection('Фунии')).findByText('Зареждане на фуниите…')).toHaveAttribute('role', 'status');
    const traffic = section('Посещения');
    const alert = await within(traffic).findByRole('alert');
    expect(alert).toHaveTextContent('Грешка при зареждане');
    expect(alert).toHaveTextContent('Данните не можаха да се заредят. Проверете връзката и опитайте отново.');
    expect(await screen.findByRole('table', { name: 'Източници и кампании' })).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Опитайте отново' }));
    await waitFor(() => expect(figure('Показвания')[0]).toBe('2'));
    expect(within(traffic).queryByRole('alert')).not.toBeInTheDocument();
    releaseFunnels();
    expect(await screen.findByRole('list', { name: 'Запитване (съветник)' })).toBeInTheDocument();
  });
});
