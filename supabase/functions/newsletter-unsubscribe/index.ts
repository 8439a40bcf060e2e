// One-click unsubscribe (RFC 8058). Every newsletter carries
//   List-Unsubscribe: <…/functions/v1/newsletter-unsubscribe?token=…>
//   List-Unsubscribe-Post: List-Unsubscribe=One-Click
// and a mail client's POST of `List-Unsubscribe=One-Click` to that address unsubscribes at once.
// A GET changes nothing (mail scanners open every link): it is sent on to the site's page, where a
// button does the work. verify_jwt is off for it in supabase/config.toml (mail clients send no
// token); the signed token is the lock, and the database checks it with the anonymous key.
//
// Secrets: SITE_URL (the public site's origin, for the GET's page).

const TOKEN = /^[0-9a-f]{32}\.[A-Za-z0-9_-]{32}$/;

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers } });

Deno.serve(async (req) => {
  const token = new URL(req.url).searchParams.get('token') ?? '';
  if (!TOKEN.test(token)) return text(400, 'Невалидна връзка за отписване.');
  if (req.method === 'GET' || req.method === 'HEAD') {
    const site = Deno.env.get('SITE_URL');
    if (!site) return text(404, 'Отворете връзката „Отпишете се“ в самия имейл.');
    return new Response(null, { status: 303, headers: { location: `${site.replace(/\/+$/, '')}/newsletter/unsubscribe/${token}` } });
  }
  if (req.method !== 'POST') return text(405, 'Method not allowed', { allow: 'GET, HEAD, POST' });
  const form = await req.text();
  if (!new URLSearchParams(form).getAll('List-Unsubscribe').includes('One-Click')) {
    return text(400, 'Очаква се List-Unsubscribe=One-Click.');
  }
  const url = Deno.env.get('SUPABASE_URL');
  const anon = Deno.env.get('SUPABASE_ANON_KEY');
  const res = await fetch(`${url}/rest/v1/rpc/unsubscribe_newsletter`, {
    method: 'POST',
    headers: { apikey: anon!, authorization: `Bearer ${anon}`, 'content-type': 'application/json' },
    body: JSON.stringify({ token, via: 'one_click' }),
  });
  if (res.ok) return text(200, 'Отписахте се от бюлетина.');
  const problem = (await res.json().catch(() => ({}))) as { hint?: string };
  if (problem.hint === 'newsletter_link_invalid') return text(404, 'Невалидна връзка за отписване.');
  console.error(`unsubscribe_newsletter failed: ${res.status} ${JSON.stringify(problem)}`);
  return text(502, 'Опитайте отново по-късно.');
});
