import { describe, expect, it, vi } from 'vitest';
import {
  buildBookingMessage,
  buildInquiryMessage,
  BOOKING_COLOR,
  INQUIRY_COLOR,
  sendChatMessage,
  type ChatMessage,
} from '@/lib/chatWebhook';

const now = new Date('2026-11-22T10:15:00.000Z');
const fields = (message: ChatMessage) => Object.fromEntries(message.embeds[0].fields.map((f) => [f.name, f.value]));

describe('inquiry notification body', () => {
  const inquiry = {
    name: 'Иван Петров',
    company: 'Имоти Запад',
    purpose: 'real_estate' as const,
    email: 'ivan@example.com',
    phone: '+359 88 123 4567',
    contact_method: 'both' as const,
    message: 'Търсим CRM за 12 брокери.',
  };

  it('has a content line and one embed with title, colour, timestamp and the spec fields', () => {
    const body = buildInquiryMessage(inquiry, now);
    expect(body.content).toMatch(/запитване/i);
    expect(body.embeds).toHaveLength(1);
    expect(body.embeds[0]).toMatchObject({ title: 'Запитване: Недвижими имоти', color: INQUIRY_COLOR, timestamp: now.toISOString() });
    expect(fields(body)).toEqual({
      Име: 'Иван Петров',
      Компания: 'Имоти Запад',
      Услуга: 'Недвижими имоти',
      Имейл: 'ivan@example.com',
      Телефон: '+359 88 123 4567',
      'Предпочитан начин за контакт': 'Имейл и телефон',
      Съобщение: 'Търсим CRM за 12 брокери.',
    });
    expect(body.allowed_mentions).toEqual({ parse: [] });
  });

  it("uses 'Не е предоставен' for a missing e-mail or phone and 'Няма съобщение' for no message", () => {
    const body = buildInquiryMessage({ ...inquiry, email: '', phone: ' ', message: '', contact_method: 'phone' }, now);
    expect(fields(body)).toMatchObject({
      Имейл: 'Не е предоставен',
      Телефон: 'Не е предоставен',
      Съобщение: 'Няма съобщение',
      'Предпочитан начин за контакт': 'Телефон',
    });
  });

  it('cuts a very long message to the chat service limit', () => {
    const body = buildInquiryMessage({ ...inquiry, message: 'а'.repeat(3000) }, now);
    expect(fields(body)['Съобщение']).toHaveLength(1024);
  });
});

describe('booking notification body', () => {
  const booking = {
    client_name: 'Мария Николова',
    company_name: '',
    client_email: 'maria@example.com',
    client_phone: '',
    preferred_date: '2026-11-26T08:30:00.000Z', // 10:30 in Sofia
    message: '',
  };

  it('has the spec fields with their placeholders', () => {
    const body = buildBookingMessage(booking, now);
    expect(body.embeds[0].color).toBe(BOOKING_COLOR);
    expect(body.embeds[0].timestamp).toBe(now.toISOString());
    const f = fields(body);
    expect(Object.keys(f)).toEqual(['Клиент', 'Компания', 'Имейл', 'Телефон', 'Дата и час', 'Съобщение']);
    expect(f['Клиент']).toBe('Мария Николова');
    expect(f['Компания']).toBe('Не е посочена');
    expect(f['Имейл']).toBe('maria@example.com');
    expect(f['Телефон']).toBe('Не е предоставен');
    expect(f['Съобщение']).toBe('Няма съобщение');
  });

  it('writes the date and time in the team’s time zone', () => {
    const when = fields(buildBookingMessage(booking, now))['Дата и час'];
    expect(when).toContain('26');
    expect(when).toContain('ноември');
    expect(when).toContain('10:30');
    expect(when).toContain('българско време');
  });
});

describe('sending', () => {
  const body = buildInquiryMessage(
    { name: 'Ив', company: 'АБ', purpose: 'custom', email: 'a@b.bg', phone: '', contact_method: 'email', message: 'x' },
    now,
  );

  it('sends nothing when no URL is configured', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    await expect(sendChatMessage(body, null, fetchImpl)).resolves.toBe('skipped');
    await expect(sendChatMessage(body, '', fetchImpl)).resolves.toBe('skipped');
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('POSTs the JSON body to the URL', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 204 }));
    await expect(sendChatMessage(body, 'http://chat.test/hook', fetchImpl)).resolves.toBe('sent');
    const [url, init] = fetchImpl.mock.calls[0];
    expect(url).toBe('http://chat.test/hook');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual(body);
  });

  it('treats a non-OK answer as an error', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(new Response('nope', { status: 500 }));
    await expect(sendChatMessage(body, 'http://chat.test/hook', fetchImpl)).rejects.toThrow(/500/);
  });
});
