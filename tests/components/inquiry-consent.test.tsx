// The inquiry wizard and the privacy choice (issue 50): without consent its draft lives in memory
// for the open page (nothing in the browser's storage, nothing typed lost) and the inquiry still
// carries the campaign of the page it is sent from; with consent the draft is kept, and a later
// refusal removes it while the form keeps every value.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { consentBar } from '@/site/consent/bar';
import { InquiryWizard } from '@/site/dialogs/inquiry/InquiryWizard';
import { INQUIRY_DRAFT_KEY } from '@/site/dialogs/inquiry/schema';
import { chooseConsent, DEVICE_KEYS } from '@/site/runtime/consent';
import { keepFirstTouch } from '@/site/runtime/first-touch';
import { renderWithProviders } from './contact-fixtures';
import { rest, server } from './msw';

type Row = Record<string, unknown>;

function recordInserts() {
  const rows: Row[] = [];
  server.use(
    http.post(rest('contact_submissions'), async ({ request }) => {
      rows.push((await request.json()) as Row);
      return new HttpResponse(null, { status: 201 });
    }),
  );
  return rows;
}

/** Every key the page holds in localStorage and sessionStorage. */
const storageKeys = () => [...Object.keys(localStorage), ...Object.keys(sessionStorage)];

async function fillToMessage(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /Фитнес/ }));
  await user.type(screen.getByRole('textbox', { name: 'Компания' }), 'Фитнес Про');
  await user.type(screen.getByRole('textbox', { name: 'Име' }), 'Десислава Георгиева');
  await user.click(screen.getByRole('radio', { name: 'Имейл' }));
  await user.type(screen.getByRole('textbox', { name: 'Имейл' }), 'desi@fitnes.bg');
  await user.click(screen.getByRole('button', { name: 'Напред' }));
  await user.type(screen.getByRole('textbox', { name: 'Съобщение' }), 'Искаме AI планове.');
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('the inquiry wizard without consent', () => {
  it('keeps the draft in memory only: closed and opened again on the page, every value is there; the bar asks meanwhile', async () => {
    const user = userEvent.setup({ delay: null });
    const first = renderWithProviders(<InquiryWizard />);
    await fillToMessage(user);
    expect(storageKeys()).toEqual([]);
    // a draft was begun before any choice: the bar asks (it shows once the dialog is closed)
    expect(consentBar.get().open).toBe(true);
    first.unmount();

    renderWithProviders(<InquiryWizard />);
    expect(screen.getByRole('textbox', { name: 'Съобщение' })).toHaveValue('Искаме AI планове.');
    await user.click(screen.getByRole('button', { name: 'Назад' }));
    expect(screen.getByRole('textbox', { name: 'Компания' })).toHaveValue('Фитнес Про');
    expect(storageKeys()).toEqual([]);
  });

  it('after a refusal sends the campaign of the page it is sent from, and keeps nothing but the choice', async () => {
    const user = userEvent.setup({ delay: null });
    window.history.replaceState(null, '', '/resources?utm_source=x&utm_campaign=y');
    keepFirstTouch();
    chooseConsent('refused');
    const rows = recordInserts();
    renderWithProviders(<InquiryWizard />);
    await fillToMessage(user);
    expect(consentBar.get().open).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Изпрати' }));
    expect(await screen.findByText('Ще се свържем с вас скоро.')).toBeInTheDocument();
    expect(rows).toHaveLength(1);
    expect(rows[0].first_touch).toEqual({ utm_source: 'x', utm_campaign: 'y', landing_path: '/resources', at: expect.any(String) });
    expect(storageKeys()).toEqual([DEVICE_KEYS.choice]);
  });

  it('sends no first touch from a direct visit with nothing noted', async () => {
    const user = userEvent.setup({ delay: null });
    const rows = recordInserts();
    renderWithProviders(<InquiryWizard />);
    await fillToMessage(user);
    await user.click(screen.getByRole('button', { name: 'Изпрати' }));
    expect(await screen.findByText('Ще се свържем с вас скоро.')).toBeInTheDocument();
    expect(rows[0]).not.toHaveProperty('first_touch');
    // the draft went with the send: nothing left to ask about
    expect(consentBar.get().open).toBe(false);
  });
});

describe('the inquiry wizard and a change of mind', () => {
  it('accepting in the middle keeps what was typed at once; refusing afterwards removes it, and the form keeps every value', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<InquiryWizard />);
    await fillToMessage(user);
    expect(storageKeys()).toEqual([]);

    chooseConsent('accepted');
    expect(JSON.parse(localStorage.getItem(INQUIRY_DRAFT_KEY) ?? '{}')).toMatchObject({ company: 'Фитнес Про', message: 'Искаме AI планове.', step: 3 });
    await user.type(screen.getByRole('textbox', { name: 'Съобщение' }), ' Скоро.');
    expect(JSON.parse(localStorage.getItem(INQUIRY_DRAFT_KEY) ?? '{}')).toMatchObject({ message: 'Искаме AI планове. Скоро.' });

    chooseConsent('refused');
    expect(localStorage.getItem(INQUIRY_DRAFT_KEY)).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Съобщение' }), '!');
    expect(storageKeys()).toEqual([DEVICE_KEYS.choice]);
    expect(screen.getByRole('textbox', { name: 'Съобщение' })).toHaveValue('Искаме AI планове. Скоро.!');
  });
});
