// Invitations to the panel (issue 49). GoTrue's POST /invite takes the service role key, which no
// browser may hold: the panel asks this function, with the administrator's own token (verify_jwt
// is on), and the database decides whether that token may invite at all.
//
//   POST { "action": "invite", "email", "full_name", "role" }
//     prepare_staff_invitation (as the administrator: refused unless an admin at aal2; refuses an
//     address that has an account, and an unknown role, in Bulgarian), then GoTrue invites the
//     address (the e-mail: supabase/templates/invite.html, a page whose button sets the password),
//     then the account GoTrue made is linked to the person's row. If GoTrue refuses, the row goes.
//   POST { "action": "resend", "blog_user" }
//     pending_staff_invitation (as the administrator), then GoTrue invites the address again: a new
//     link, the old one void. Withdrawing is the database's alone (withdraw_staff_invitation).
//
// Answers { blog_user } or { message, code } with the status of whoever refused. The browser
// calls it from the site's origin: it answers CORS itself, as hosted functions must.
//
// Secrets: SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY (hosted sets them).

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, apikey, content-type, x-client-info',
  'access-control-allow-methods': 'POST, OPTIONS',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...CORS } });

const refused = (status: number, message: string, code: string) => json(status, { message, code });

/** GoTrue's refusals of an invitation, in the panel's words. */
const GOTRUE_WORDS: Record<string, string> = {
  email_exists: 'Вече има акаунт за вход с този имейл. Поканата е за нов човек.',
  over_email_send_rate_limit: 'Изпратени са твърде много имейли. Опитайте отново след малко.',
  email_address_invalid: 'Моля, въведете валиден имейл адрес.',
};

interface Settings {
  url: string;
  anon: string;
  service: string;
}

function settings(): Settings | null {
  const url = Deno.env.get('SUPABASE_URL');
  const anon = Deno.env.get('SUPABASE_ANON_KEY');
  const service = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
  return url && anon && service ? { url: url.replace(/\/+$/, ''), anon, service } : null;
}

/** A database function called as the administrator whose token came with the request. */
function asCaller(env: Settings, authorization: string, name: string, args: Record<string, unknown>) {
  return fetch(`${env.url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { apikey: env.anon, authorization, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
}

/** The database's refusal as it said it (PostgREST's message is already in Bulgarian where it matters). */
async function databaseRefusal(res: Response): Promise<Response> {
  const problem = (await res.json().catch(() => ({}))) as { message?: string; hint?: string; code?: string };
  return refused(res.status, problem.message ?? 'Поканата не можа да бъде изпратена.', problem.hint ?? problem.code ?? 'database');
}

/** GoTrue's POST /invite with the service role: the account (made or found unconfirmed) and its e-mail. */
async function gotrueInvite(env: Settings, email: string, fullName: string | null) {
  const res = await fetch(`${env.url}/auth/v1/invite`, {
    method: 'POST',
    headers: { apikey: env.service, authorization: `Bearer ${env.service}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, data: fullName ? { full_name: fullName } : {} }),
  });
  const answer = (await res.json().catch(() => ({}))) as { id?: string; error_code?: string; code?: string | number; msg?: string };
  return { ok: res.ok, status: res.status, answer };
}

function gotrueRefusal(status: number, answer: { error_code?: string; code?: string | number; msg?: string }): Response {
  const code = answer.error_code ?? String(answer.code ?? 'invite_failed');
  console.error(`GoTrue refused the invitation: ${status} ${code} ${answer.msg ?? ''}`);
  return refused(status >= 500 ? 502 : status, GOTRUE_WORDS[code] ?? 'Поканата не можа да бъде изпратена. Опитайте отново.', code);
}

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
  if (req.method !== 'POST') return refused(405, 'Method not allowed', 'method');
  const env = settings();
  if (!env) return refused(500, 'Функцията няма настройките си.', 'settings');
  const authorization = req.headers.get('authorization') ?? '';
  const body = (await req.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body !== 'object') return refused(400, 'Очаква се JSON.', 'body');

  if (body.action === 'invite') {
    const email = String(body.email ?? '').trim().toLowerCase();
    const fullName = String(body.full_name ?? '').trim() || null;
    const prepared = await asCaller(env, authorization, 'prepare_staff_invitation', { email, full_name: fullName, role: body.role ?? null });
    if (!prepared.ok) return databaseRefusal(prepared);
    const blogUser = (await prepared.json()) as string;
    const invited = await gotrueInvite(env, email, fullName);
    if (!invited.ok || !invited.answer.id) {
      // nothing half-made stays: the row goes, as the administrator
      await asCaller(env, authorization, 'withdraw_staff_invitation', { blog_user: blogUser });
      return gotrueRefusal(invited.status, invited.answer);
    }
    const linked = await fetch(`${env.url}/rest/v1/blog_users?id=eq.${encodeURIComponent(blogUser)}`, {
      method: 'PATCH',
      headers: { apikey: env.service, authorization: `Bearer ${env.service}`, 'content-type': 'application/json', prefer: 'return=minimal' },
      body: JSON.stringify({ user_id: invited.answer.id }),
    });
    if (!linked.ok) {
      console.error(`linking the invited account failed: ${linked.status} ${await linked.text()}`);
      await asCaller(env, authorization, 'withdraw_staff_invitation', { blog_user: blogUser });
      return refused(502, 'Поканата не можа да бъде изпратена. Опитайте отново.', 'link_failed');
    }
    return json(200, { blog_user: blogUser });
  }

  if (body.action === 'resend') {
    const pending = await asCaller(env, authorization, 'pending_staff_invitation', { blog_user: body.blog_user ?? null });
    if (!pending.ok) return databaseRefusal(pending);
    const email = (await pending.json()) as string;
    const invited = await gotrueInvite(env, email, null);
    if (!invited.ok) return gotrueRefusal(invited.status, invited.answer);
    return json(200, { blog_user: body.blog_user });
  }

  return refused(400, 'Непознато действие.', 'action');
});
