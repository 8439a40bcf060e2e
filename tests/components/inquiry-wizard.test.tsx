import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InquiryWizard } from '@/site/dialogs/inquiry/InquiryWizard';
import { INQUIRY_DRAFT_KEY } from '@/site/dialogs/inquiry/schema';
import { chooseConsent } from '@/site/runtime/consent';
import { forgetDraftsInMemory } from '@/site/runtime/drafts';
import { keepFirstTouch } from '@/site/runtime/first-touch';
import { solveChallenge } from '@/site/dialogs/proof-solver';
import { renderWithProviders, resetToasts } from './contact-fixtures';
import { CHALLENGE, proofRequired, serveChallenges } from './intake-proof';
import { rest, server } from './msw';

// The widget that solves a proof of work runs in a real browser only (e2e/intake-proof.spec.ts):
// here the solver answers at once with a payload named after the challenge it was given.
vi.mock('@/site/dialogs/proof-solver', () => ({ solveChallenge: vi.fn() }));

type Row = Record<string, unknown>;

/** Records inserts into contact_submissions and answers with `status` (and an error body). */
function recordInserts(status = 201) {
  const rows: Row[] = [];
  server.use(
    http.post(rest('contact_submissions'), async ({ request }) => {
      const body = (await request.json()) as Row | Row[];
      rows.push(...(Array.isArray(body) ? body : [body]));
      if (status >= 400) {
        return HttpResponse.json(
          { code: '23514', message: 'new row violates check constraint', details: null, hint: null },
          { status },
        );
      }
      return new HttpResponse(null, { status });
    }),
  );
  return rows;
}

/**
 * Every request the browser makes while the test runs, as 'METHOD path'. The team chat is told by
 * the database, never from here: the insert must be the only request.
 */
function recordRequests() {
  const seen: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    seen.push(`${request.method} ${new URL(request.url).pathname}`);
  };
  server.events.on('request:start', listener);
  stopRecording.push(() => server.events.removeListener('request:start', listener));
  return seen;
}
const stopRecording: (() => void)[] = [];
const INSERT_ONLY = ['POST /rest/v1/contact_submissions'];

/** What fillToMessage types, as the row carries it. */
const FILLED_ROW = {
  name: 'Десислава Георгиева',
  email: 'desi@fitnes.bg',
  phone: '+359888123456',
  company: 'Фитнес Про',
  message: 'Искаме AI тренировъчни планове.',
  purpose: 'fitness',
  contact_method: 'both',
};

/** The honeypot: found by its name, as a bot finds it. */
const trapField = () => document.querySelector<HTMLInputElement>('input[name="website"]');

/** Puts a whole value into a field at once: typing key by key is what the validation tests do. */
async function paste(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillToMessage(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /Фитнес/ }));
  expect(screen.getByRole('heading', { name: 'Вашите данни за контакт' })).toBeInTheDocument();
  await paste(user, screen.getByRole('textbox', { name: 'Компания' }), 'Фитнес Про');
  await paste(user, screen.getByRole('textbox', { name: 'Име' }), 'Десислава Георгиева');
  await user.click(screen.getByRole('radio', { name: 'И двете' }));
  await paste(user, screen.getByRole('textbox', { name: 'Имейл' }), 'desi@fitnes.bg');
  await user.type(screen.getByRole('textbox', { name: 'Телефон' }), '0888 123 456');
  await user.click(screen.getByRole('button', { name: 'Напред' }));
  expect(screen.getByRole('heading', { name: 'Разкажете ни повече' })).toBeInTheDocument();
  await paste(user, screen.getByRole('textbox', { name: 'Съобщение' }), 'Искаме AI тренировъчни планове.');
}

describe('inquiry wizard', () => {
  // these keep the draft and the first touch in the browser, as the wizard does for a visitor who
  // accepted the privacy bar (without consent: inquiry-consent.test.tsx)
  beforeEach(() => {
    chooseConsent('accepted');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    stopRecording.splice(0).forEach((stop) => stop());
  });

  it('walks the three steps with their titles and progress', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<InquiryWizard />);
    expect(screen.getByRole('heading', { name: 'Каква услуга търсите?' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');

    await user.click(screen.getByRole('button', { name: /Недвижими имоти/ }));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    const next = screen.getByRole('button', { name: 'Напред' });
    expect(next).toBeDisabled();

    // by phone: the e-mail field goes away and the phone (Bulgaria by default) is required
    await user.type(screen.getByRole('textbox', { name: 'Компания' }), 'Имоти Запад');
    await user.type(screen.getByRole('textbox', { name: 'Име' }), 'И');
    expect(await screen.findByText('Името трябва да е поне 2 символа')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Име' }), 'ван');
    await waitFor(() => expect(screen.queryByText('Името трябва да е поне 2 символа')).not.toBeInTheDocument());
    await user.click(screen.getByRole('radio', { name: 'Телефон' }));
    expect(screen.queryByRole('textbox', { name: 'Имейл' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Държава/ })).toHaveValue('bg');
    expect(next).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Телефон' }), '888123456');
    expect(next).toBeEnabled();

    await user.click(next);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('button', { name: 'Изпрати' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Назад' }));
    expect(screen.getByRole('textbox', { name: 'Компания' })).toHaveValue('Имоти Запад');
  });

  it('stores no draft for a wizard nobody touched', () => {
    renderWithProviders(<InquiryWizard />);
    expect(screen.getByRole('heading', { name: 'Каква услуга търсите?' })).toBeInTheDocument();
    expect(localStorage.getItem(INQUIRY_DRAFT_KEY)).toBeNull();
  });

  it('restores the draft after a remount, at the same step with every value', async () => {
    const user = userEvent.setup({ delay: null });
    const first = renderWithProviders(<InquiryWizard />);
    await fillToMessage(user);
    first.unmount();
    // a later visit: nothing of this page's memory, only what the browser kept
    forgetDraftsInMemory();

    expect(JSON.parse(localStorage.getItem(INQUIRY_DRAFT_KEY) ?? '{}')).toMatchObject({
      service: 'fitness',
      company: 'Фитнес Про',
      message: 'Искаме AI тренировъчни планове.',
      step: 3,
    });

    renderWithProviders(<InquiryWizard />);
    expect(screen.getByRole('heading', { name: 'Разкажете ни повече' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Съобщение' })).toHaveValue('Искаме AI тренировъчни планове.');
    await user.click(screen.getByRole('button', { name: 'Назад' }));
    expect(screen.getByRole('textbox', { name: 'Компания' })).toHaveValue('Фитнес Про');
    expect(screen.getByRole('textbox', { name: 'Име' })).toHaveValue('Десислава Георгиева');
    expect(screen.getByRole('textbox', { name: 'Имейл' })).toHaveValue('desi@fitnes.bg');
    expect(screen.getByRole('textbox', { name: 'Телефон' })).toHaveValue('088 812 3456');
    expect(screen.getByRole('radio', { name: 'И двете' })).toBeChecked();
  });

  it('shows the error toast and keeps every value when the save fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup({ delay: null });
    const rows = recordInserts(400);
    const requests = recordRequests();
    const onSuccess = vi.fn();
    renderWithProviders(<InquiryWizard onSuccess={onSuccess} />);
    await fillToMessage(user);
    await user.click(screen.getByRole('button', { name: 'Изпрати' }));

    const region = await screen.findByRole('region', { name: /Известия/ });
    expect(await within(region).findByText('Грешка')).toBeInTheDocument();
    expect(within(region).getByText('Нещо се обърка. Моля, опитайте отново.')).toBeInTheDocument();
    expect(rows).toHaveLength(1);
    expect(requests).toEqual(INSERT_ONLY);
    expect(onSuccess).not.toHaveBeenCalled();
    // the form is as it was, ready to send again, and the draft is still there
    expect(screen.getByRole('textbox', { name: 'Съобщение' })).toHaveValue('Искаме AI тренировъчни планове.');
    expect(screen.getByRole('button', { name: 'Изпрати' })).toBeEnabled();
    expect(localStorage.getItem(INQUIRY_DRAFT_KEY)).toContain('Искаме AI тренировъчни планове.');
  });

  it('past the per-visitor limit says to call or write instead, with the phone and e-mail, and keeps everything typed', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup({ delay: null });
    const requests = recordRequests();
    server.use(
      http.post(rest('contact_submissions'), () =>
        HttpResponse.json(
          { code: 'P0001', message: 'Too many inquiries from this visitor', details: null, hint: 'inquiry_limit_client' },
          { status: 400 },
        ),
      ),
    );
    const onSuccess = vi.fn();
    renderWithProviders(<InquiryWizard onSuccess={onSuccess} />);
    await fillToMessage(user);
    await user.click(screen.getByRole('button', { name: 'Изпрати' }));

    const region = await screen.findByRole('region', { name: /Известия/ });
    expect(await within(region).findByText('Не можем да приемем запитването в момента')).toBeInTheDocument();
    expect(
      within(region).getByText('Моля, обадете се на +359 88 123 4567 или ни пишете на zdravei@sinaptika.example. Данните ви са запазени.'),
    ).toBeInTheDocument();
    expect(within(region).queryByText('Грешка')).toBeNull();
    expect(warned).toHaveBeenCalledWith(expect.stringContaining('intake limits'), expect.anything());
    expect(requests).toEqual(INSERT_ONLY);
    expect(onSuccess).not.toHaveBeenCalled();

    // nothing typed is lost: the message, every detail of step 2, and the draft
    expect(screen.getByRole('textbox', { name: 'Съобщение' })).toHaveValue('Искаме AI тренировъчни планове.');
    expect(screen.getByRole('button', { name: 'Изпрати' })).toBeEnabled();
    expect(JSON.parse(localStorage.getItem(INQUIRY_DRAFT_KEY) ?? '{}')).toMatchObject({ message: 'Искаме AI тренировъчни планове.', step: 3 });
    await user.click(screen.getByRole('button', { name: 'Назад' }));
    expect(screen.getByRole('textbox', { name: 'Компания' })).toHaveValue('Фитнес Про');
    expect(screen.getByRole('textbox', { name: 'Име' })).toHaveValue('Десислава Георгиева');
    expect(screen.getByRole('radio', { name: 'И двете' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Имейл' })).toHaveValue('desi@fitnes.bg');
    expect(screen.getByRole('textbox', { name: 'Телефон' })).toHaveValue('088 812 3456');
  });

  it('says the same past the limits per e-mail address, per network and in all', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup({ delay: null });
    let hint = 'inquiry_limit_email';
    server.use(
      http.post(rest('contact_submissions'), () =>
        HttpResponse.json({ code: 'P0001', message: 'Too many inquiries', details: null, hint }, { status: 400 }),
      ),
    );
    renderWithProviders(<InquiryWizard />);
    await fillToMessage(user);
    for (const next of ['inquiry_limit_email', 'inquiry_limit_network', 'inquiry_limit_rate']) {
      hint = next;
      resetToasts();
      await user.click(screen.getByRole('button', { name: 'Изпрати' }));
      const region = await screen.findByRole('region', { name: /Известия/ });
      expect(await within(region).findByText('Не можем да приемем запитването в момента'), hint).toBeInTheDocument();
      expect(within(region).getByText(/обадете се на \+359 88 123 4567 или ни пишете на zdravei@sinaptika\.example/)).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Съобщение' })).toHaveValue('Искаме AI тренировъчни планове.');
    }
  });

  it('saves the inquiry with the bot traps, shows success and removes the draft; the browser sends nothing else', async () => {
    const user = userEvent.setup({ delay: null });
    const rows = recordInserts(201);
    const requests = recordRequests();
    const onSuccess = vi.fn();
    renderWithProviders(<InquiryWizard onSuccess={onSuccess} />);
    await fillToMessage(user);
    await user.click(screen.getByRole('button', { name: 'Изпрати' }));

    const region = await screen.findByRole('region', { name: /Известия/ });
    expect(await within(region).findByText('Успешно!')).toBeInTheDocument();
    expect(within(region).getByText('Ще се свържем с вас скоро.')).toBeInTheDocument();
    expect(onSuccess).toHaveBeenCalledTimes(1);
    // the empty honeypot as null, and how long the form was open; no chat message from here
    expect(rows).toEqual([{ ...FILLED_ROW, bot_trap: null, fill_ms: expect.any(Number) }]);
    expect(Number.isInteger(rows[0].fill_ms) && (rows[0].fill_ms as number) >= 0).toBe(true);
    expect(requests).toEqual(INSERT_ONLY);
    expect(localStorage.getItem(INQUIRY_DRAFT_KEY)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Каква услуга търсите?' })).toBeInTheDocument();
  });

  it('sends where the visit came from, as this browser kept it on its first page, and goes without it once the database refused it', async () => {
    const user = userEvent.setup({ delay: null });
    const landed = new Date(Date.now() - 2 * 86_400_000);
    window.history.pushState({}, '', '/?utm_source=newsletter&utm_campaign=%D0%B5%D1%81%D0%B5%D0%BD&fbclid=IwAR0');
    keepFirstTouch(landed);
    // three pages later, from another campaign: the first touch stays
    window.history.pushState({}, '', '/blog/ai?utm_source=linkedin');
    keepFirstTouch();
    window.history.pushState({}, '', '/');

    const rows: Row[] = [];
    server.use(
      http.post(rest('contact_submissions'), async ({ request }) => {
        rows.push((await request.json()) as Row);
        return rows.length === 1
          ? HttpResponse.json(
              { code: '23514', message: 'Данните за това откъде идва посещението са невалидни. Опитайте отново.', details: null, hint: 'first_touch_invalid' },
              { status: 400 },
            )
          : new HttpResponse(null, { status: 201 });
      }),
    );
    renderWithProviders(<InquiryWizard />);
    await fillToMessage(user);
    await user.click(screen.getByRole('button', { name: 'Изпрати' }));
    const region = await screen.findByRole('region', { name: /Известия/ });
    expect(await within(region).findByText('Данните за това откъде идва посещението са невалидни. Опитайте отново.')).toBeInTheDocument();
    expect(rows[0].first_touch).toEqual({ utm_source: 'newsletter', utm_campaign: 'есен', fbclid: true, landing_path: '/', at: landed.toISOString() });
    // nothing typed is lost; sent again, the row goes without the refused touch
    expect(screen.getByRole('textbox', { name: 'Съобщение' })).toHaveValue('Искаме AI тренировъчни планове.');
    await user.click(screen.getByRole('button', { name: 'Изпрати' }));
    expect(await within(region).findByText('Успешно!')).toBeInTheDocument();
    expect(rows).toHaveLength(2);
    expect(rows[1]).not.toHaveProperty('first_touch');
  });

  it('a person who fills the wizard quickly, 3.5 s after it opened, sends fill_ms of 3.5 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T09:00:00.000Z'));
    const user = userEvent.setup({ delay: null });
    const rows = recordInserts(201);
    renderWithProviders(<InquiryWizard />);

    await user.click(screen.getByRole('button', { name: /Фитнес/ }));
    vi.advanceTimersByTime(400);
    await paste(user, screen.getByRole('textbox', { name: 'Компания' }), 'Фитнес Про');
    vi.advanceTimersByTime(700);
    await paste(user, screen.getByRole('textbox', { name: 'Име' }), 'Десислава Георгиева');
    await user.click(screen.getByRole('radio', { name: 'И двете' }));
    vi.advanceTimersByTime(900);
    await paste(user, screen.getByRole('textbox', { name: 'Имейл' }), 'desi@fitnes.bg');
    await user.type(screen.getByRole('textbox', { name: 'Телефон' }), '0888 123 456');
    await user.click(screen.getByRole('button', { name: 'Напред' }));
    vi.advanceTimersByTime(1_000);
    await paste(user, screen.getByRole('textbox', { name: 'Съобщение' }), 'Искаме AI тренировъчни планове.');
    // the draft remembers when the form was begun, for a visitor who comes back to send it
    expect(JSON.parse(localStorage.getItem(INQUIRY_DRAFT_KEY) ?? '{}')).toMatchObject({ startedAt: Date.parse('2026-11-28T09:00:00.000Z') });
    vi.advanceTimersByTime(500);
    await user.click(screen.getByRole('button', { name: 'Изпрати' }));

    expect(await within(screen.getByRole('region', { name: /Известия/ })).findByText('Успешно!')).toBeInTheDocument();
    expect(rows).toHaveLength(1);
    expect(rows[0].bot_trap).toBeNull();
    // at least the database's 3 s, so a quick person is not taken for a bot
    expect(rows[0].fill_ms).toBeGreaterThanOrEqual(3_000);
    expect(rows[0].fill_ms).toBe(3_500);
  });

  it('a draft restored and sent at once counts from when the visitor began it, not from the reopening', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T09:00:00.000Z'));
    const user = userEvent.setup({ delay: null });
    const rows = recordInserts(201);
    // begun yesterday and left at the message; back today, the visitor sends it straight away
    const startedAt = Date.now() - 24 * 3_600_000;
    localStorage.setItem(
      INQUIRY_DRAFT_KEY,
      JSON.stringify({
        service: 'fitness',
        company: 'Фитнес Про',
        name: 'Десислава Георгиева',
        email: 'desi@fitnes.bg',
        phone: '+359888123456',
        phoneCountry: 'bg',
        message: 'Искаме AI тренировъчни планове.',
        contactMethod: 'both',
        step: 3,
        startedAt,
      }),
    );
    renderWithProviders(<InquiryWizard />);
    vi.advanceTimersByTime(800);
    await user.click(screen.getByRole('button', { name: 'Изпрати' }));
    expect(await within(screen.getByRole('region', { name: /Известия/ })).findByText('Успешно!')).toBeInTheDocument();
    expect(rows).toEqual([{ ...FILLED_ROW, bot_trap: null, fill_ms: 24 * 3_600_000 + 800 }]);
  });

  it('keeps the honeypot out of the keyboard and the accessibility tree; a bot that fills it still sees the usual success', async () => {
    const user = userEvent.setup({ delay: null });
    const rows = recordInserts(201); // the database drops such a row without an error
    const requests = recordRequests();
    const onSuccess = vi.fn();
    renderWithProviders(<InquiryWizard onSuccess={onSuccess} />);
    await fillToMessage(user);

    const trap = trapField()!;
    expect(trap).toBeInTheDocument();
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap).toHaveAttribute('autocomplete', 'off');
    expect(trap).toHaveValue('');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    // no role query finds it: it is not in the accessibility tree, by its label or at all
    expect(screen.queryByRole('textbox', { name: /Уебсайт/ })).toBeNull();
    expect(screen.getAllByRole('textbox')).toEqual([screen.getByRole('textbox', { name: 'Съобщение' })]);
    // Tab goes round the form's controls and never lands on it
    const form = trap.closest('form')!;
    form.querySelector<HTMLElement>('textarea')!.focus();
    const reached: Element[] = [];
    for (let i = 0; i < 6; i++) {
      await user.tab();
      reached.push(document.activeElement!);
    }
    expect(reached).not.toContain(trap);
    expect(reached).toContain(screen.getByRole('button', { name: 'Изпрати' }));
    // axe's rule for focusable content in an aria-hidden subtree passes, and would catch a slip
    const rule = { runOnly: { type: 'rule' as const, values: ['aria-hidden-focus'] } };
    const result = await axe.run(form, rule);
    expect(result.violations).toEqual([]);
    expect(result.passes.map((r) => r.id)).toEqual(['aria-hidden-focus']);
    // a tabbable field there fails it (for review rather than violation: jsdom lays nothing out)
    trap.tabIndex = 0;
    const slip = await axe.run(form, rule);
    expect(slip.passes).toEqual([]);
    expect([...slip.violations, ...slip.incomplete].map((r) => r.id)).toEqual(['aria-hidden-focus']);
    trap.tabIndex = -1;

    // a bot fills every input it finds, this one by its name
    fireEvent.change(trap, { target: { value: '  https://spam.example  ' } });
    await user.click(screen.getByRole('button', { name: 'Изпрати' }));
    const region = await screen.findByRole('region', { name: /Известия/ });
    expect(await within(region).findByText('Успешно!')).toBeInTheDocument();
    expect(within(region).getByText('Ще се свържем с вас скоро.')).toBeInTheDocument();
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(rows).toEqual([{ ...FILLED_ROW, bot_trap: 'https://spam.example', fill_ms: expect.any(Number) }]);
    expect(requests).toEqual(INSERT_ONLY);
  });

  it('when the database asks for a proof of work, solves its challenge unseen and sends the same inquiry again with the proof', async () => {
    const user = userEvent.setup({ delay: null });
    const solve = vi.mocked(solveChallenge);
    let solved: () => void = () => {};
    solve.mockReset().mockImplementation(async (challenge) => {
      await new Promise<void>((resolve) => (solved = resolve));
      return `proof-of-${challenge.challenge}`;
    });
    const rows: Row[] = [];
    server.use(
      http.post(rest('contact_submissions'), async ({ request }) => {
        rows.push((await request.json()) as Row);
        return rows.length === 1 ? proofRequired() : new HttpResponse(null, { status: 201 });
      }),
    );
    const challenges = serveChallenges();
    const requests = recordRequests();
    const onSuccess = vi.fn();
    renderWithProviders(<InquiryWizard onSuccess={onSuccess} />);
    await fillToMessage(user);
    await user.click(screen.getByRole('button', { name: 'Изпрати' }));

    // while the work is done the button only keeps its pending state
    await waitFor(() => expect(solve).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: 'Изпращане...' })).toBeDisabled();
    expect(screen.queryByRole('region', { name: /Известия/ })?.textContent ?? '').toBe('');
    solved();

    const region = await screen.findByRole('region', { name: /Известия/ });
    expect(await within(region).findByText('Ще се свържем с вас скоро.')).toBeInTheDocument();
    expect(onSuccess).toHaveBeenCalledTimes(1);
    // the challenge the database gave, solved, and the same row again with its solution
    expect(solve).toHaveBeenCalledWith(CHALLENGE(1));
    // asked for this form: the database issues the challenge at the level the inquiry demands
    expect(challenges).toEqual([{ form: 'inquiry' }]);
    expect(rows).toEqual([
      { ...FILLED_ROW, bot_trap: null, fill_ms: expect.any(Number) },
      { ...FILLED_ROW, bot_trap: null, fill_ms: rows[0].fill_ms, proof: `proof-of-${CHALLENGE(1).challenge}` },
    ]);
    expect(requests).toEqual(['POST /rest/v1/contact_submissions', 'POST /rest/v1/rpc/intake_challenge', 'POST /rest/v1/contact_submissions']);
    expect(localStorage.getItem(INQUIRY_DRAFT_KEY)).toBeNull();
  });

  it('gives up after three refused proofs with the usual error, a new challenge each round, and keeps everything typed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup({ delay: null });
    const solve = vi.mocked(solveChallenge);
    solve.mockReset().mockImplementation(async (challenge) => `proof-of-${challenge.challenge}`);
    const rows: Row[] = [];
    server.use(
      http.post(rest('contact_submissions'), async ({ request }) => {
        rows.push((await request.json()) as Row);
        return proofRequired();
      }),
    );
    const challenges = serveChallenges();
    const onSuccess = vi.fn();
    renderWithProviders(<InquiryWizard onSuccess={onSuccess} />);
    await fillToMessage(user);
    await user.click(screen.getByRole('button', { name: 'Изпрати' }));

    const region = await screen.findByRole('region', { name: /Известия/ });
    expect(await within(region).findByText('Нещо се обърка. Моля, опитайте отново.')).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
    // the first send, then one per challenge; each proof is a new challenge's
    expect(challenges).toEqual([1, 2, 3].map(() => ({ form: 'inquiry' })));
    expect(rows.map((row) => row.proof)).toEqual([undefined, ...[1, 2, 3].map((n) => `proof-of-${CHALLENGE(n).challenge}`)]);
    expect(screen.getByRole('textbox', { name: 'Съобщение' })).toHaveValue('Искаме AI тренировъчни планове.');
    expect(screen.getByRole('button', { name: 'Изпрати' })).toBeEnabled();
    expect(JSON.parse(localStorage.getItem(INQUIRY_DRAFT_KEY) ?? '{}')).toMatchObject({ company: 'Фитнес Про', message: 'Искаме AI тренировъчни планове.' });
  });

  it("reads 'Изпращане...' and is disabled while sending", async () => {
    const user = userEvent.setup({ delay: null });
    let release: () => void = () => {};
    server.use(
      http.post(rest('contact_submissions'), async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return new HttpResponse(null, { status: 201 });
      }),
    );
    renderWithProviders(<InquiryWizard />);
    await fillToMessage(user);
    await user.click(screen.getByRole('button', { name: 'Изпрати' }));
    expect(await screen.findByRole('button', { name: 'Изпращане...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('heading', { name: 'Каква услуга търсите?' })).toBeInTheDocument();
  });
});
