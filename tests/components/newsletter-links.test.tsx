// The pages the newsletter's e-mails link to (/newsletter/confirm/<token>,
// /newsletter/unsubscribe/<token>), through the app's own route table: opening one only reads;
// its button does the work; an expired confirmation offers a new e-mail. Every answer of the
// database is fake (MSW); the real ones are proven in tests/backend/newsletter.ts.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { rest, server } from './msw';

const CONFIRM = 'Tk3J9dQ2xVb7LmN4pR8sW1yZ6cF0hG5jK2nP9qT3uX7';
const UNSUBSCRIBE = `${'0123456789abcdef'.repeat(2)}.${'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6'}`;

// the page and the site's frame around it are chunks of their own, fetched when shown: shown once
// here (a link of the wrong shape asks the database nothing), so no test waits on a first load
beforeAll(async () => {
  await Promise.all([import('@/site/pages/newsletter/NewsletterConfirmPage'), import('@/site/pages/newsletter/NewsletterUnsubscribePage')]);
  renderAt('/newsletter/confirm/warm-up');
  await screen.findByRole('heading', { name: 'Връзката не е валидна' }, { timeout: 60_000 });
  cleanup();
}, 60_000);

type Body = Record<string, unknown>;

/** Answers one function with `answers` in turn (the last one again), recording each body. */
function serveRpc(name: string, ...answers: (() => Response)[]) {
  const bodies: Body[] = [];
  server.use(
    http.post(rest(`rpc/${name}`), async ({ request }) => {
      bodies.push((await request.json()) as Body);
      return answers[Math.min(bodies.length - 1, answers.length - 1)]();
    }),
  );
  return bodies;
}
const refusal = (hint: string, message = 'refused') => () => HttpResponse.json({ code: 'P0001', message, details: null, hint }, { status: 400 });

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the confirmation page', () => {
  it('only reads when opened; “Потвърди” confirms', async () => {
    const reads = serveRpc('newsletter_link', () => HttpResponse.json({ state: 'ready', email: 'i***@example.com' }));
    const presses = serveRpc('confirm_newsletter', () => HttpResponse.json({ state: 'confirmed', email: 'i***@example.com' }));
    renderAt(`/newsletter/confirm/${CONFIRM}`);
    expect(await screen.findByRole('heading', { name: 'Потвърдете абонамента си' })).toBeInTheDocument();
    expect(screen.getByText('Натиснете „Потвърди“, за да получавате бюлетина на Синаптика на i***@example.com.')).toBeInTheDocument();
    expect(reads).toEqual([{ kind: 'confirm', token: CONFIRM }]);
    expect(presses).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Потвърди' }));
    // the page moves the focus to its new heading in the frame after it shows
    const confirmed = await screen.findByRole('heading', { name: 'Абонаментът е потвърден' });
    await waitFor(() => expect(confirmed).toHaveFocus());
    expect(presses).toEqual([{ token: CONFIRM }]);
    expect(screen.queryByRole('button', { name: 'Потвърди' })).not.toBeInTheDocument();
  });

  it('an expired link says so and sends a new e-mail on request; too soon is said in the database’s words', async () => {
    serveRpc('newsletter_link', () => HttpResponse.json({ state: 'expired', email: 'i***@example.com' }));
    const resends = serveRpc('resend_newsletter_confirmation', () => new HttpResponse(null, { status: 204 }), refusal('newsletter_resend_too_soon', 'Току-що изпратихме имейл. Опитайте отново след няколко минути.'));
    renderAt(`/newsletter/confirm/${CONFIRM}`);
    expect(await screen.findByRole('heading', { name: 'Връзката е изтекла' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Потвърди' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Изпрати нов имейл' }));
    expect(await screen.findByText('Изпратихме нов имейл. Потвърдете абонамента от връзката в него.')).toBeInTheDocument();
    expect(resends).toEqual([{ token: CONFIRM }]);
    expect(screen.getByRole('button', { name: 'Изпрати нов имейл' })).toBeDisabled();
  });

  it('a press that meets an expired link turns the page to it', async () => {
    serveRpc('newsletter_link', () => HttpResponse.json({ state: 'ready', email: 'i***@example.com' }));
    serveRpc('confirm_newsletter', refusal('newsletter_link_expired'));
    renderAt(`/newsletter/confirm/${CONFIRM}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Потвърди' }));
    expect(await screen.findByRole('heading', { name: 'Връзката е изтекла' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Изпрати нов имейл' })).toBeInTheDocument();
  });

  it('a token of the wrong shape is not even asked about', async () => {
    renderAt('/newsletter/confirm/not-a-token');
    expect(await screen.findByRole('heading', { name: 'Връзката не е валидна' })).toBeInTheDocument();
  });

  it('is kept out of search and sends no referrer', async () => {
    serveRpc('newsletter_link', () => HttpResponse.json({ state: 'ready', email: 'i***@example.com' }));
    renderAt(`/newsletter/confirm/${CONFIRM}`);
    await screen.findByRole('heading', { name: 'Потвърдете абонамента си' });
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
    expect(document.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe('no-referrer');
  });
});

describe('the unsubscribe page', () => {
  it('“Отпиши ме” unsubscribes; a failure keeps the button and says so', async () => {
    serveRpc('newsletter_link', () => HttpResponse.json({ state: 'ready', email: 'i***@example.com' }));
    const presses = serveRpc('unsubscribe_newsletter', () => HttpResponse.error() as unknown as Response, () => HttpResponse.json({ state: 'unsubscribed', email: 'i***@example.com' }));
    renderAt(`/newsletter/unsubscribe/${UNSUBSCRIBE}`);
    expect(await screen.findByRole('heading', { name: 'Отписване от бюлетина' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Отпиши ме' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Нещо се обърка. Проверете връзката си и опитайте отново.');
    await userEvent.click(screen.getByRole('button', { name: 'Отпиши ме' }));
    expect(await screen.findByRole('heading', { name: 'Отписахте се' })).toBeInTheDocument();
    expect(screen.getByText('Няма да получавате повече бюлетина на i***@example.com.')).toBeInTheDocument();
    expect(presses).toEqual([
      { token: UNSUBSCRIBE, via: 'link' },
      { token: UNSUBSCRIBE, via: 'link' },
    ]);
  });
});
