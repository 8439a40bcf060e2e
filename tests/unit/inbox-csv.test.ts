import { describe, expect, it } from 'vitest';
import { csvDateTime, csvField, neutraliseFormula, toCsv } from '@/admin/kit/formats/csv';
import { inquiriesCsv, inquiriesCsvFileName } from '@/admin/inbox/csv';
import type { Inquiry } from '@/admin/inbox/types';

const inquiry = (overrides: Partial<Inquiry> = {}): Inquiry => ({
  id: 'i-1',
  name: 'Иван Петров',
  company: 'Имоти ООД',
  email: 'ivan@example.com',
  phone: '+359 888 123 456',
  message: 'Търсим CRM.',
  purpose: 'real_estate',
  contact_method: 'both',
  status: 'new',
  created_at: '2026-11-22T12:05:00.000Z',
  updated_at: '2026-11-22T12:05:00.000Z',
  lost_reason: null,
  owner_id: null,
  owner: null,
  follow_up_at: null,
  offer_amount: null,
  contact_id: null,
  first_touch: null,
  notified_at: null,
  notify_error: null,
  ...overrides,
});

const HEADER = [
  'Дата', 'Име', 'Компания', 'Услуга', 'Начин за контакт', 'Имейл', 'Телефон', 'Съобщение',
  'Етап', 'Причина за загубата', 'Отговорник', 'Следващ контакт', 'Оферта (EUR)', 'Източник', 'Канал', 'Кампания', 'Начална страница',
] as const;

/** A minimal RFC 4180 reader, to check that what we write reads back as the same fields. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

describe('csvField (RFC 4180)', () => {
  it('leaves plain text, Cyrillic included, unquoted', () => {
    expect(csvField('Иван Петров')).toBe('Иван Петров');
    expect(csvField('')).toBe('');
    expect(csvField(null)).toBe('');
    expect(csvField(42)).toBe('42');
  });

  it('quotes a field with a comma, a quote or a line break, doubling the quotes', () => {
    expect(csvField('Имоти, ООД')).toBe('"Имоти, ООД"');
    expect(csvField('Хотел "Изгрев"')).toBe('"Хотел ""Изгрев"""');
    expect(csvField('ред 1\nред 2')).toBe('"ред 1\nред 2"');
    expect(csvField('ред 1\r\nред 2')).toBe('"ред 1\r\nред 2"');
    expect(csvField('"')).toBe('""""');
  });

  it('keeps text typed by visitors from running as a spreadsheet formula', () => {
    expect(csvField('=HYPERLINK("http://evil.test","Натисни")')).toBe('"\'=HYPERLINK(""http://evil.test"",""Натисни"")"');
    expect(neutraliseFormula('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutraliseFormula('-5 градуса')).toBe("'-5 градуса");
    expect(neutraliseFormula('+cmd|calc')).toBe("'+cmd|calc");
    // phone numbers stay as typed
    expect(neutraliseFormula('+359 888 123 456')).toBe('+359 888 123 456');
    expect(neutraliseFormula('Иван = клиент')).toBe('Иван = клиент');
  });
});

describe('toCsv', () => {
  it('joins fields with commas and records with CRLF, and reads back the same', () => {
    const records = [
      ['Име', 'Съобщение'],
      ['Мария, "Мими"', 'Първи ред\nвтори ред, с запетая'],
      ['', 'Ю'],
    ];
    const text = toCsv(records);
    expect(text).toBe('Име,Съобщение\r\n"Мария, ""Мими""","Първи ред\nвтори ред, с запетая"\r\n,Ю');
    expect(parseCsv(text)).toEqual(records);
  });
});

describe('inquiriesCsv', () => {
  it('starts with the UTF-8 byte-order mark and a Bulgarian header, and ends records with CRLF', () => {
    const csv = inquiriesCsv([inquiry()], { timeZone: 'Europe/Sofia' });
    const bytes = new TextEncoder().encode(csv);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.slice(1).split('\r\n')[0]).toBe(
      'Дата,Име,Компания,Услуга,Начин за контакт,Имейл,Телефон,Съобщение,Етап,Причина за загубата,Отговорник,Следващ контакт,Оферта (EUR),Източник,Канал,Кампания,Начална страница',
    );
    expect(csv.endsWith('\r\n')).toBe(true);
    // Cyrillic is stored as UTF-8: 'И' is D0 98
    const name = new TextEncoder().encode('Иван');
    expect([...name.slice(0, 2)]).toEqual([0xd0, 0x98]);
    expect(new TextDecoder().decode(bytes)).toBe(csv.slice(1)); // the decoder drops the BOM
  });

  it('writes one record per inquiry with labels, the local date and time, and escaped text', () => {
    const rows = [
      inquiry(),
      inquiry({
        id: 'i-2',
        name: 'Петя "Пепи" Георгиева',
        company: 'Фитнес, Спорт и Здраве',
        email: '',
        phone: '+359 899 111 222',
        purpose: 'fitness',
        contact_method: 'phone',
        status: 'lost',
        lost_reason: 'Цена',
        owner_id: 'u-1',
        owner: { full_name: 'Мария Иванова', username: 'admin' },
        follow_up_at: '2026-07-03T07:00:00.000Z',
        offer_amount: 1250.5,
        first_touch: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'фитнес-лято', landing_path: '/project/fitnes', at: '2026-06-30T10:00:00.000Z' },
        message: 'Здравейте,\nинтересуват ни членства.\r\nБлагодаря!',
        created_at: '2026-07-01T21:30:00.000Z',
      }),
    ];
    const csv = inquiriesCsv(rows, { timeZone: 'Europe/Sofia' });
    const records = parseCsv(csv.slice(1));
    expect(records).toEqual([
      [...HEADER],
      ['2026-11-22 14:05', 'Иван Петров', 'Имоти ООД', 'Недвижими имоти', 'Имейл и телефон', 'ivan@example.com', '+359 888 123 456', 'Търсим CRM.', 'Нова', '', '', '', '', '', '', '', ''],
      [
        '2026-07-02 00:30',
        'Петя "Пепи" Георгиева',
        'Фитнес, Спорт и Здраве',
        'Фитнес',
        'Телефон',
        '',
        '+359 899 111 222',
        'Здравейте,\nинтересуват ни членства.\r\nБлагодаря!',
        'Загубена',
        'Цена',
        'Мария Иванова',
        '2026-07-03 10:00',
        '1250.5',
        'google',
        'cpc',
        'фитнес-лято',
        '/project/fitnes',
      ],
    ]);
  });

  it('is only the header when there is nothing to export', () => {
    expect(inquiriesCsv([])).toBe(`\uFEFF${HEADER.join(',')}\r\n`);
  });
});

describe('dates and the file name', () => {
  it('writes date-times as YYYY-MM-DD HH:mm in the chosen time zone', () => {
    expect(csvDateTime('2026-03-29T00:59:00Z', 'Europe/Sofia')).toBe('2026-03-29 02:59');
    expect(csvDateTime('2026-03-29T01:00:00Z', 'Europe/Sofia')).toBe('2026-03-29 04:00'); // summer time
    expect(csvDateTime('2026-03-29T01:00:00Z', 'UTC')).toBe('2026-03-29 01:00');
    expect(csvDateTime('not a date')).toBe('not a date');
  });

  it("names the file after the viewer's local date", () => {
    expect(inquiriesCsvFileName(new Date(2026, 0, 5, 23, 59))).toBe('zapitvania-2026-01-05.csv');
    expect(inquiriesCsvFileName(new Date(2026, 10, 22, 0, 1))).toBe('zapitvania-2026-11-22.csv');
  });
});

describe('formula guard wherever a spreadsheet may start a cell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['x;=1+1', "x;'=1+1"],
    ['x,=1+1', "x,'=1+1"],
    ['x\t+1', "x\t'+1"],
    ['ред\n@SUM(A1)', "ред\n'@SUM(A1)"],
    ['   =1+1', "   '=1+1"],
    ['\uFF1D1+1', "'\uFF1D1+1"],
    ['a; \uFF0B1', "a; '\uFF0B1"],
    ['\tплан', "'\tплан"],
  ])('%j becomes %j', (input, output) => {
    expect(neutraliseFormula(input)).toBe(output);
  });

  it('leaves plain text and phone numbers alone', () => {
    expect(neutraliseFormula('Здравейте, искаме оферта.')).toBe('Здравейте, искаме оферта.');
    expect(neutraliseFormula('+359 888 123 456')).toBe('+359 888 123 456');
    expect(neutraliseFormula('+359888123456')).toBe('+359888123456');
    expect(neutraliseFormula('e-mail: a@b.bg')).toBe('e-mail: a@b.bg');
  });
});
