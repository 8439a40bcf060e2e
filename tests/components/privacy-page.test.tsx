// The privacy notice's page as scripts/publisher/prerender.mjs bakes it (src/site/entry-server.tsx):
// the controller with its ЕИК, the administrator's markdown rendered, the version and its date, the
// forms, the processors and the retention periods read from the database with the panel's words;
// without a published version it says so and is still a page; a fact it could not read keeps the
// old file (incomplete). In a file of its own, as the other prerender tests (a server render
// leaves React context values behind).
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/site/entry-server';
import { headHtml } from '../../scripts/publisher/site.mjs';
import { rest, server } from './msw';

const SETTINGS = {
  controller_name: 'Синаптика ООД',
  controller_eik: '206123451',
  controller_address: 'гр. София 1000, ул. „Примерна“ 1',
  controller_email: 'zdravei@sinaptika.example',
  processors: [
    { name: 'Supabase', purpose: 'Базата данни', location: 'Европейски съюз' },
    { name: 'Resend', purpose: 'Имейлите', location: 'САЩ' },
  ],
};
const NOTICE = { version: 3, body: '## Вашите права\n\nИмате право на **достъп** до данните си.', created_at: '2026-11-20T10:00:00Z' };
const RETENTION = [
  { kind: 'leads_closed', days: 730 },
  { kind: 'mail_bodies', days: 90 },
  { kind: 'data_requests', days: 1095 },
];

function backend({ notices = [NOTICE], retention = true }: { notices?: unknown[]; retention?: boolean } = {}) {
  server.use(
    http.get(rest('privacy_settings'), () => HttpResponse.json([SETTINGS])),
    http.get(rest('privacy_notices'), () => HttpResponse.json(notices)),
    http.get(rest('retention_settings'), () =>
      retention ? HttpResponse.json(RETENTION) : HttpResponse.json({ code: '42P01', message: 'relation does not exist', details: null, hint: null }, { status: 404 }),
    ),
  );
}

/** The page's text as a reader sees it: no tags, single spaces. */
const textOf = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('prerendered privacy notice', () => {
  it('prints the controller with its ЕИК, the text, its version and date, the processors and the periods', async () => {
    backend();
    const page = await renderPage('/poveritelnost');
    expect(page).toMatchObject({ notFound: false, incomplete: false });
    const text = textOf(page.html);
    expect(text).toContain('Политика за поверителност');
    expect(text).toContain('Версия 3 от 20 ноември 2026 г.');
    expect(text).toContain('ЕИК 206123451');
    expect(text).toContain('Синаптика ООД');
    expect(page.html).toContain('href="mailto:zdravei@sinaptika.example"');
    // the administrator's markdown, rendered in place
    expect(page.html).toContain('<h2>Вашите права</h2>');
    expect(page.html).toContain('<strong>достъп</strong>');
    // the forms, the processors, the periods with their words (src/shared/domain/retention.ts)
    expect(text).toContain('Резервация на консултация');
    expect(text).toContain('Supabase Базата данни Къде: Европейски съюз');
    expect(text).toContain('Загубени и неотговорени запитвания 2 години след последната активност по запитването.');
    expect(text).toContain('Съдържание на изпратените имейли 90 дни след');
    expect(text).toContain('Приключени заявки за лични данни 3 години след');
    // a kind the database does not hold is not invented
    expect(text).not.toContain('Одитен дневник');
    const head = headHtml(page.head);
    expect(head).toContain('<title>Политика за поверителност | Синаптика</title>');
    expect(head).toMatch(/<link rel="canonical" href="[^"]*\/poveritelnost" \/>/);
  });

  it('without a published version: says so plainly and still prints the facts', async () => {
    backend({ notices: [] });
    const page = await renderPage('/poveritelnost');
    expect(page).toMatchObject({ notFound: false, incomplete: false });
    const text = textOf(page.html);
    expect(text).toContain('Текстът на политиката още не е публикуван.');
    expect(text).not.toContain('Версия');
    expect(text).toContain('ЕИК 206123451');
    expect(text).toContain('2 години след последната активност');
  });

  it('a fact it cannot read: the page is incomplete, so the publisher keeps the old file', async () => {
    backend({ retention: false });
    const page = await renderPage('/poveritelnost');
    expect(page.incomplete).toBe(true);
  });
});
