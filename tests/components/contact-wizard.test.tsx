import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactWizard } from '@/features/contact/ContactWizard';
import { CONTACT_DRAFT_KEY } from '@/features/contact/schema';
import { recordWebhook, renderWithProviders, resetToasts } from './contact-fixtures';
import { rest, server } from './msw';

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
  afterEach(() => {
    resetToasts();
    vi.restoreAllMocks();
  });

  it('walks the three steps with their titles and progress', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ContactWizard />);
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
    renderWithProviders(<ContactWizard />);
    expect(screen.getByRole('heading', { name: 'Каква услуга търсите?' })).toBeInTheDocument();
    expect(localStorage.getItem(CONTACT_DRAFT_KEY)).toBeNull();
  });

  it('restores the draft after a remount, at the same step with every value', async () => {
    const user = userEvent.setup({ delay: null });
    const first = renderWithProviders(<ContactWizard />);
    await fillToMessage(user);
    first.unmount();

    expect(JSON.parse(localStorage.getItem(CONTACT_DRAFT_KEY) ?? '{}')).toMatchObject({
      service: 'fitness',
      company: 'Фитнес Про',
      message: 'Искаме AI тренировъчни планове.',
      step: 3,
    });

    renderWithProviders(<ContactWizard />);
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
    const webhook = recordWebhook();
    const onSuccess = vi.fn();
    renderWithProviders(<ContactWizard onSuccess={onSuccess} />);
    await fillToMessage(user);
    await user.click(screen.getByRole('button', { name: 'Изпрати' }));

    const region = await screen.findByRole('region', { name: /Известия/ });
    expect(await within(region).findByText('Грешка')).toBeInTheDocument();
    expect(within(region).getByText('Нещо се обърка. Моля, опитайте отново.')).toBeInTheDocument();
    expect(rows).toHaveLength(1);
    expect(webhook).toHaveLength(0);
    expect(onSuccess).not.toHaveBeenCalled();
    // the form is as it was, ready to send again, and the draft is still there
    expect(screen.getByRole('textbox', { name: 'Съобщение' })).toHaveValue('Искаме AI тренировъчни планове.');
    expect(screen.getByRole('button', { name: 'Изпрати' })).toBeEnabled();
    expect(localStorage.getItem(CONTACT_DRAFT_KEY)).toContain('Искаме AI тренировъчни планове.');
  });

  it('past the intake limit says to call or write instead, and keeps every value', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup({ delay: null });
    server.use(
      http.post(rest('contact_submissions'), () =>
        HttpResponse.json({ code: 'P0001', message: 'Too many inquiries right now', details: null, hint: 'inquiry_limit_rate' }, { status: 400 }),
      ),
    );
    const webhook = recordWebhook();
    renderWithProviders(<ContactWizard />);
    await fillToMessage(user);
    await user.click(screen.getByRole('button', { name: 'Изпрати' }));
    const region = await screen.findByRole('region', { name: /Известия/ });
    expect(await within(region).findByText('Не можем да приемем запитването в момента')).toBeInTheDocument();
    expect(within(region).getByText(/обадете се на \+359 88 123 4567 или ни пишете на zdravei@sinaptika\.example/)).toBeInTheDocument();
    expect(webhook).toHaveLength(0);
    expect(screen.getByRole('textbox', { name: 'Съобщение' })).toHaveValue('Искаме AI тренировъчни планове.');
  });

  it('saves the inquiry, notifies the chat, shows success and removes the draft', async () => {
    const user = userEvent.setup({ delay: null });
    const rows = recordInserts(201);
    const webhook = recordWebhook();
    const onSuccess = vi.fn();
    renderWithProviders(<ContactWizard onSuccess={onSuccess} />);
    await fillToMessage(user);
    await user.click(screen.getByRole('button', { name: 'Изпрати' }));

    const region = await screen.findByRole('region', { name: /Известия/ });
    expect(await within(region).findByText('Успешно!')).toBeInTheDocument();
    expect(within(region).getByText('Ще се свържем с вас скоро.')).toBeInTheDocument();
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(rows).toEqual([
      {
        name: 'Десислава Георгиева',
        email: 'desi@fitnes.bg',
        phone: '+359888123456',
        company: 'Фитнес Про',
        message: 'Искаме AI тренировъчни планове.',
        purpose: 'fitness',
        contact_method: 'both',
      },
    ]);
    await waitFor(() => expect(webhook).toHaveLength(1));
    const embed = (webhook[0] as { embeds: { fields: { name: string; value: string }[] }[] }).embeds[0];
    expect(embed.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Име', value: 'Десислава Георгиева' }),
        expect.objectContaining({ name: 'Телефон', value: '+359 88 812 3456' }),
        expect.objectContaining({ name: 'Услуга', value: 'Фитнес' }),
      ]),
    );
    expect(localStorage.getItem(CONTACT_DRAFT_KEY)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Каква услуга търсите?' })).toBeInTheDocument();
  });

  it('still reports success when the record was saved but the chat webhook fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup({ delay: null });
    const rows = recordInserts(201);
    recordWebhook(500);
    renderWithProviders(<ContactWizard />);
    await fillToMessage(user);
    await user.click(screen.getByRole('button', { name: 'Изпрати' }));

    const region = await screen.findByRole('region', { name: /Известия/ });
    expect(await within(region).findByText('Успешно!')).toBeInTheDocument();
    expect(rows).toHaveLength(1);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('chat webhook'), expect.anything());
    expect(localStorage.getItem(CONTACT_DRAFT_KEY)).toBeNull();
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
    recordWebhook();
    renderWithProviders(<ContactWizard />);
    await fillToMessage(user);
    await user.click(screen.getByRole('button', { name: 'Изпрати' }));
    expect(await screen.findByRole('button', { name: 'Изпращане...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('heading', { name: 'Каква услуга търсите?' })).toBeInTheDocument();
  });
});
