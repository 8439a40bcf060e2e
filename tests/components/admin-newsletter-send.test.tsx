// The post editor's newsletter panel (src/admin/posts/NewsletterPanel.tsx): a test to the admin's
// own address first, then the send after a question, then its progress until it ends; the
// database's refusals in its own words. Every answer is MSW's; the rules are proven in
// tests/backend/newsletter.ts.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewsletterPanel } from '@/admin/posts/NewsletterPanel';
import { PROGRESS_EVERY_MS } from '@/admin/posts/newsletter-api';
import { postRow, renderAdmin } from './admin-fixtures';
import { rest, server } from './msw';

afterEach(() => {
  vi.useRealTimers();
});

const POST = postRow({ id: 'p-1', title: 'Как да автоматизираме офертите', content: 'Текст с [връзка](/project/crm).', is_published: true, published_at: '2026-11-20T10:00:00.000Z', updated_at: '2026-11-20T10:00:00.000Z' });

/** Answers one function with `answers` in turn (the last one again), recording each body. */
function serveRpc(name: string, ...answers: (() => Response)[]) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post(rest(`rpc/${name}`), async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return answers[Math.min(bodies.length - 1, answers.length - 1)]();
    }),
  );
  return bodies;
}
const status = (extra: Record<string, unknown>) => () => HttpResponse.json({ tested_at: null, ...extra });

describe('the newsletter panel', () => {
  it('sends a test first, then, after the question, the post to the subscribers, and follows it to its end', async () => {
    const testedAt = '2026-11-27T09:00:00.000Z';
    const statuses = serveRpc(
      'newsletter_send_status',
      status({ status: 'none', subscribers: 2 }),
      status({ status: 'none', subscribers: 2, tested_at: testedAt }),
      status({ status: 'sending', total: 2, queued: 0, sending: 2, sent: 0, failed: 0, skipped: 0, tested_at: testedAt }),
      status({ status: 'done', total: 2, queued: 0, sending: 0, sent: 2, failed: 0, skipped: 0, finished_at: '2026-11-27T09:01:00.000Z', tested_at: testedAt }),
    );
    const tests = serveRpc('send_newsletter_test', () => HttpResponse.json({ sent_to: 'admin@example.com' }));
    const sends = serveRpc('start_newsletter_send', () => HttpResponse.json({ status: 'sending', total: 2 }));
    renderAdmin(<NewsletterPanel post={POST} dirty={false} />);
    const panel = await screen.findByRole('region', { name: 'Бюлетин' });
    expect(await within(panel).findByText('Потвърдени абонати: 2.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Изпрати до абонатите' })).toBeDisabled();

    await userEvent.click(within(panel).getByRole('button', { name: 'Изпрати тест до мен' }));
    expect(await screen.findByText('Проверете пощата на admin@example.com.')).toBeInTheDocument();
    expect(tests).toEqual([{ post: 'p-1', html: expect.stringContaining('href="'), plain: expect.stringMatching(/^Текст с връзка \(https?:\/\/[^)]+\/project\/crm\)\.$/) }]);
    expect(tests[0].html).toMatch(/<p>Текст с <a href="[^"]+\/project\/crm"/);
    const send = await within(panel).findByRole('button', { name: 'Изпрати до абонатите' });
    expect(send).toBeEnabled();

    await userEvent.click(send);
    const question = screen.getByRole('alertdialog', { name: 'Изпращане до абонатите' });
    expect(question).toHaveTextContent('Публикацията „Как да автоматизираме офертите“ ще бъде изпратена до 2 абоната. Всяка публикация се изпраща само веднъж.');
    await userEvent.click(within(question).getByRole('button', { name: 'Отказ' }));
    expect(sends).toEqual([]);

    await userEvent.click(within(panel).getByRole('button', { name: 'Изпрати до абонатите' }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Изпращане до абонатите' })).getByRole('button', { name: 'Изпрати' }));
    expect(await within(panel).findByText('Изпратени: 0 от 2 · В опашката: 2 · Неуспешни: 0 · Пропуснати: 0')).toBeInTheDocument();
    expect(sends).toEqual([{ post: 'p-1', html: tests[0].html, plain: tests[0].plain }]);
    await act(() => vi.advanceTimersByTimeAsync(PROGRESS_EVERY_MS));
    expect(await within(panel).findByText('Изпратени: 2 от 2 · В опашката: 0 · Неуспешни: 0 · Пропуснати: 0')).toBeInTheDocument();
    expect(within(panel).getByText(/^Изпращането завърши на .+\. Публикацията не може да се изпрати отново\.$/)).toBeInTheDocument();
    const asked = statuses.length;
    await act(() => vi.advanceTimersByTimeAsync(PROGRESS_EVERY_MS * 2));
    // an ended send is not asked about again
    expect(statuses).toHaveLength(asked);
  });

  it('says the database’s refusal in its words', async () => {
    serveRpc('newsletter_send_status', status({ status: 'none', subscribers: 3 }));
    serveRpc('send_newsletter_test', () =>
      HttpResponse.json({ code: 'P0001', message: 'Изпращането на имейли не е настроено.', hint: 'newsletter_not_configured', details: null }, { status: 400 }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAdmin(<NewsletterPanel post={POST} dirty={false} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Изпрати тест до мен' }));
    expect(await screen.findByText('Изпращането на имейли не е настроено.')).toBeInTheDocument();
  });

  it('asks to save first, and offers nothing for an unpublished post', async () => {
    serveRpc('newsletter_send_status', status({ status: 'none', subscribers: 3 }));
    const { unmount } = renderAdmin(<NewsletterPanel post={POST} dirty />);
    expect(await screen.findByText('Запазете промените: изпраща се запазената публикация.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Изпрати тест до мен' })).toBeDisabled();
    unmount();
    renderAdmin(<NewsletterPanel post={{ ...POST, is_published: false, published_at: null }} dirty={false} />);
    expect(screen.getByText('Бюлетинът се изпраща само за публикувана публикация.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Изпрати тест до мен' })).not.toBeInTheDocument();
  });
});
