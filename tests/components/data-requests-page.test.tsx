// The pages of people's requests about their data: /lichni-danni (its form, an island) and the
// e-mailed link's /lichni-danni/potvardi/<token>, through the app's own route table. The form says
// the same whatever the address; opening the link only reads, its button confirms. Every answer of
// the database is fake (MSW); the real ones are proven in tests/backend/data-requests.test.ts.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { rest, server } from './msw';

const TOKEN = 'Tk3J9dQ2xVb7LmN4pR8sW1yZ6cF0hG5jK2nP9qT3uX7';

beforeAll(async () => {
  await Promise.all([import('@/site/pages/data-requests/DataRequestPage'), import('@/site/pages/data-requests/DataRequestConfirmPage')]);
  renderAt('/lichni-danni/potvardi/warm-up');
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
const refusal = (hint: string) => () => HttpResponse.json({ code: '22023', message: 'refused', details: null, hint }, { status: 400 });

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </QueryClientProvider>,
  );
}

describe("'Вашите лични данни'", () => {
  it('asks for an address and a choice, sends them with the traps, and then says the same whatever the address', async () => {
    const sent = serveRpc('request_personal_data', () => new HttpResponse(null, { status: 204 }));
    renderAt('/lichni-danni');
    expect(await screen.findByRole('heading', { level: 1, name: 'Вашите лични данни' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Заявка' });
    expect(within(form).getByRole('link', { name: /Политика за поверителност/ })).toHaveAttribute('href', '/poveritelnost');
    const user = userEvent.setup({ delay: null });

    await user.click(within(form).getByRole('button', { name: 'Изпрати заявката' }));
    expect(within(form).getByLabelText(/Имейл адрес/)).toHaveAccessibleDescription('Моля въведете валиден имейл адрес');
    expect(within(form).getByText('Изберете копие или изтриване на данните.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(within(form).getByLabelText(/Имейл адрес/), ' Ivan@Example.com ');
    await user.click(within(form).getByRole('radio', { name: /Изтриване на данните/ }));
    await user.click(within(form).getByRole('button', { name: 'Изпрати заявката' }));
    const done = await screen.findByRole('heading', { name: 'Проверете пощата си' });
    expect(done.closest('[role="status"]')).toHaveTextContent('Ако адресът е верен, до няколко минути ще получите имейл с връзка.');
    expect(sent).toEqual([{ email: 'Ivan@Example.com', kind: 'erasure', fill_ms: expect.any(Number) }]);
  });

  it("says the database's refusal in Bulgarian and keeps what was typed", async () => {
    serveRpc('request_personal_data', refusal('data_request_limit_client'));
    renderAt('/lichni-danni');
    const form = await screen.findByRole('form', { name: 'Заявка' });
    const user = userEvent.setup({ delay: null });
    await user.type(within(form).getByLabelText(/Имейл адрес/), 'maria@example.com');
    await user.click(within(form).getByRole('radio', { name: /Копие на данните/ }));
    await user.click(within(form).getByRole('button', { name: 'Изпрати заявката' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Твърде много заявки от вашата мрежа за кратко време.');
    expect(within(form).getByLabelText(/Имейл адрес/)).toHaveValue('maria@example.com');
  });
});

describe('the e-mailed link', () => {
  it('only reads when opened; the button confirms and says by when the answer comes', async () => {
    const reads = serveRpc('data_request_by_token', () => HttpResponse.json({ state: 'ready', kind: 'copy', email: 'i***@example.com', due_at: null }));
    const presses = serveRpc('confirm_data_request', () =>
      HttpResponse.json({ state: 'confirmed', kind: 'copy', email: 'i***@example.com', due_at: '2026-12-29T10:00:00+00:00' }),
    );
    renderAt(`/lichni-danni/potvardi/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Потвърдете заявката си' })).toBeInTheDocument();
    expect(screen.getByText('Натиснете „Потвърди заявката“, за да поискате копие на данните за i***@example.com.')).toBeInTheDocument();
    expect(reads).toEqual([{ token: TOKEN }]);
    expect(presses).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Потвърди заявката' }));
    // the heading takes the focus in the frame after it is shown
    const received = await screen.findByRole('heading', { name: 'Заявката е получена' });
    await waitFor(() => expect(received).toHaveFocus());
    expect(screen.getByText('Благодарим ви! Ще отговорим на i***@example.com до 29 декември 2026 г.')).toBeInTheDocument();
    expect(presses).toEqual([{ token: TOKEN }]);
  });

  it('an expired link leads back to the form; a refused press shows the state it found', async () => {
    serveRpc('data_request_by_token', () => HttpResponse.json({ state: 'ready', kind: 'erasure', email: 'i***@example.com', due_at: null }));
    serveRpc('confirm_data_request', refusal('data_request_link_expired'));
    renderAt(`/lichni-danni/potvardi/${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Потвърди заявката' }));
    expect(await screen.findByRole('heading', { name: 'Връзката е изтекла' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Вашите лични данни' })).toHaveAttribute('href', '/lichni-danni');
  });
});
