// The footer's newsletter box: the static box hands over to its form module with what was typed;
// a valid address goes to the database (subscribe_newsletter, answered by MSW) with the consent's
// version and the page, and the box thanks, says a confirmation e-mail is on its way, clears, and
// reverts after 3 seconds; asked for a proof of work, it asks for the newsletter's challenge and
// sends again with the proof; a refusal is said in Bulgarian and the address stays.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadNewsletterForm, NewsletterBox } from '@/site/layout/NewsletterBox';
import { NEWSLETTER_CHECK_INBOX } from '@/site/dialogs/newsletter/NewsletterView';
import * as newsletterApi from '@/site/dialogs/newsletter/api';
import { solveChallenge } from '@/site/dialogs/proof-solver';
import { CHALLENGE, proofRequired, serveChallenges } from './intake-proof';
import { rest, server } from './msw';

// The widget that solves a proof of work runs in a real browser only (e2e/intake-proof.spec.ts):
// here the solver answers at once with a payload named after the challenge it was given.
vi.mock('@/site/dialogs/proof-solver', () => ({ solveChallenge: vi.fn() }));

// the form module and the public client are fetched on first use: once here, so a test never waits on a first load
beforeAll(() => Promise.all([loadNewsletterForm(), import('@/shared/db/public-db').then((m) => m.getPublicDb())]), 60_000);

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const field = () => screen.getByRole('textbox', { name: 'Имейл за бюлетина' });

/** Answers subscribe_newsletter as the database does (no body) and records what was sent. */
function subscriptions(answer: () => Response = () => new HttpResponse(null, { status: 204 })) {
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.post(rest('rpc/subscribe_newsletter'), async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return answer();
    }),
  );
  return sent;
}

describe('newsletter box', () => {
  it('a submit before the form module arrives is sent with the consent’s version and the page, thanks, says to confirm and clears', async () => {
    const sent = subscriptions();
    render(<NewsletterBox />);
    const input = field();
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('type', 'email');
    fireEvent.change(input, { target: { value: ' ivan@example.com ' } });
    fireEvent.submit(input.closest('form')!);
    // the form module is on its way; once it is in, the submit asked for meanwhile goes through
    await act(async () => {
      await loadNewsletterForm();
    });
    expect(await screen.findByRole('button', { name: 'Готово!' })).toBeInTheDocument();
    expect(sent).toEqual([{ email: 'ivan@example.com', page: '/', wording_version: '2026-12', fill_ms: expect.any(Number) }]);
    expect(screen.getByRole('status')).toHaveTextContent(`Благодарим ви за абонамента! ${NEWSLETTER_CHECK_INBOX}`);
    expect(field()).toHaveValue('');
  });

  it('a click whose press began before the form module arrived still sends: the take-over waits for the click', async () => {
    const sent = subscriptions();
    render(<NewsletterBox />);
    fireEvent.change(field(), { target: { value: 'ivan@example.com' } });
    const button = screen.getByRole('button', { name: 'Абонирайте се' });
    // the pointer comes over the box (which fetches the form module), then presses the button
    fireEvent.pointerOver(button);
    fireEvent.pointerDown(button);
    // the module arrives while the pointer is down: the button the press began on stays
    await act(async () => {
      await loadNewsletterForm();
    });
    expect(screen.getByRole('button', { name: 'Абонирайте се' })).toBe(button);
    fireEvent.pointerUp(button);
    fireEvent.click(button);
    expect(await screen.findByRole('button', { name: 'Готово!' })).toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ email: 'ivan@example.com' })]);
  });

  it('a press that makes no click lets the form take over a moment after its release', async () => {
    render(<NewsletterBox />);
    fireEvent.change(field(), { target: { value: 'ivan@' } });
    const before = field();
    fireEvent.pointerOver(before);
    fireEvent.pointerDown(before);
    await act(async () => {
      await loadNewsletterForm();
    });
    expect(field()).toBe(before);
    fireEvent.pointerUp(before);
    await waitFor(() => expect(field()).not.toBe(before));
    expect(field()).toHaveValue('ivan@');
  });

  it('a box removed while a press is pending leaves no listener or timer behind', async () => {
    vi.useFakeTimers();
    const added = vi.spyOn(window, 'addEventListener');
    const { unmount } = render(<NewsletterBox />);
    const button = screen.getByRole('button', { name: 'Абонирайте се' });
    fireEvent.pointerDown(button);
    fireEvent.pointerUp(button); // the take-over is now 400 ms away
    const mine = added.mock.calls.filter(([type]) => ['click', 'pointerup', 'pointercancel'].includes(type as string));
    expect(mine).toHaveLength(3);
    const signals = mine.map(([, , options]) => (options as AddEventListenerOptions).signal);
    expect(signals.every((s) => s && !s.aborted)).toBe(true);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    // a timer that outlived the box would run against a torn-down page (after a test, without a window)
    expect(vi.getTimerCount()).toBe(0);
    expect(signals.every((s) => s!.aborted)).toBe(true);
  });

  it('returns to normal after 3 seconds, still saying that the address must be confirmed', async () => {
    vi.spyOn(newsletterApi, 'subscribeNewsletter').mockResolvedValue();
    vi.useFakeTimers();
    render(<NewsletterBox />);
    fireEvent.change(field(), { target: { value: 'ivan@example.com' } });
    fireEvent.submit(field().closest('form')!);
    await act(async () => {
      await loadNewsletterForm();
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('button', { name: 'Готово!' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(screen.getByRole('button', { name: 'Готово!' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('button', { name: 'Абонирайте се' })).toBeInTheDocument();
    expect(screen.queryByText('Благодарим ви за абонамента!')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(NEWSLETTER_CHECK_INBOX);
  });

  it('takes over on focus with what was typed and the focus kept', async () => {
    render(<NewsletterBox />);
    const staticInput = field();
    fireEvent.change(staticInput, { target: { value: 'iv' } });
    act(() => staticInput.focus());
    await act(async () => {
      await loadNewsletterForm();
    });
    const live = field();
    expect(live).toHaveValue('iv');
    expect(live).toHaveFocus();
  });

  it('does nothing on an empty submit, and names an address that is not one, sending nothing', async () => {
    const sent = subscriptions();
    const user = userEvent.setup({ delay: null });
    render(<NewsletterBox />);
    await user.click(field());
    await act(async () => {
      await loadNewsletterForm();
    });
    await user.click(screen.getByRole('button', { name: 'Абонирайте се' }));
    expect(screen.getByRole('button', { name: 'Абонирайте се' })).toBeInTheDocument();
    expect(field()).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    await user.type(field(), 'ivan@example');
    await user.click(screen.getByRole('button', { name: 'Абонирайте се' }));
    expect(await screen.findByText('Моля въведете валиден имейл адрес')).toBeInTheDocument();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    await user.type(field(), '.com');
    await waitFor(() => expect(screen.queryByText('Моля въведете валиден имейл адрес')).not.toBeInTheDocument());
    expect(sent).toEqual([]);
  });

  it('asked for a proof of work, asks for the newsletter’s challenge, solves it unseen and sends the same sign-up with the proof', async () => {
    vi.mocked(solveChallenge).mockReset().mockImplementation(async (challenge) => `proof-of-${challenge.challenge}`);
    let answers = 0;
    const sent = subscriptions(() => (++answers === 1 ? proofRequired() : new HttpResponse(null, { status: 204 })));
    const challenges = serveChallenges();
    const user = userEvent.setup({ delay: null });
    render(<NewsletterBox />);
    await user.click(field());
    await act(async () => {
      await loadNewsletterForm();
    });
    await user.type(field(), 'ivan@example.com');
    await user.click(screen.getByRole('button', { name: 'Абонирайте се' }));
    expect(await screen.findByRole('button', { name: 'Готово!' })).toBeInTheDocument();
    // asked for the newsletter: the database issues it at the level a sign-up demands now
    expect(challenges).toEqual([{ form: 'newsletter' }]);
    expect(solveChallenge).toHaveBeenCalledWith(CHALLENGE(1));
    expect(sent).toEqual([
      { email: 'ivan@example.com', page: '/', wording_version: '2026-12', fill_ms: expect.any(Number) },
      { ...sent[0], proof: `proof-of-${CHALLENGE(1).challenge}` },
    ]);
  });

  it('says in Bulgarian when the database refuses or cannot be reached, and keeps the address', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let answer: () => Response = () =>
      HttpResponse.json({ code: 'P0001', message: 'Too many sign-ups from this visitor', hint: 'newsletter_limit_client', details: null }, { status: 400 });
    subscriptions(() => answer());
    const user = userEvent.setup({ delay: null });
    render(<NewsletterBox />);
    await user.click(field());
    await act(async () => {
      await loadNewsletterForm();
    });
    await user.type(field(), 'ivan@example.com');
    await user.click(screen.getByRole('button', { name: 'Абонирайте се' }));
    expect(await screen.findByText('Твърде много абонаменти от вашата мрежа за кратко време. Опитайте отново след няколко минути.')).toBeInTheDocument();
    expect(field()).toHaveValue('ivan@example.com');
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Абонирайте се' })).toBeInTheDocument();

    answer = () => HttpResponse.error();
    await user.click(screen.getByRole('button', { name: 'Абонирайте се' }));
    expect(await screen.findByText('Абонаментът не успя. Проверете връзката си и опитайте отново.')).toBeInTheDocument();
    expect(field()).toHaveValue('ivan@example.com');
  });
  it('a field focused and typed into before the page had its scripts gets the form at hydration, with what was typed and the focus', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<NewsletterBox />);
    document.body.append(container);
    const before = field();
    // the visitor was quicker than the scripts: the focus event that wakes the form has passed
    before.focus();
    (before as HTMLInputElement).value = 'ivan@example.com';
    const root = hydrateRoot(container, <NewsletterBox />);
    await act(async () => {
      await loadNewsletterForm();
    });
    await waitFor(() => expect(field()).not.toBe(before));
    expect(field()).toHaveValue('ivan@example.com');
    expect(field()).toHaveFocus();
    act(() => root.unmount());
    container.remove();
  });
});
