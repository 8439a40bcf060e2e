// The mail provider's webhook (Resend, signed as Standard Webhooks): bounces and complaints
// suppress newsletter subscribers. verify_jwt is off for it in supabase/config.toml (the provider
// sends no token); the signature is the lock. An unsigned, wrongly signed or stale delivery is
// refused and changes nothing; a delivery seen before (its id) changes nothing twice.
//
// Secrets: RESEND_WEBHOOK_SECRET (whsec_…, from the webhook's page at the provider).
import { verify } from '../_shared/standard-webhooks.ts';
import { readMailEvent } from '../_shared/mail-events.ts';

const MAX_BODY = 256 * 1024;

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

Deno.serve(async (req) => {
  if (req.method !== 'POST') return reply(405, { error: 'method_not_allowed' });
  const secret = Deno.env.get('RESEND_WEBHOOK_SECRET');
  if (!secret) {
    console.error('RESEND_WEBHOOK_SECRET is not set: every delivery is refused');
    return reply(500, { error: 'not_configured' });
  }
  const body = await req.text();
  if (body.length > MAX_BODY) return reply(413, { error: 'too_large' });
  const verdict = await verify(secret, req.headers, body);
  if (!verdict.ok) {
    console.warn(`refused a delivery: ${verdict.reason}`);
    return reply(401, { error: 'invalid_signature' });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return reply(400, { error: 'invalid_json' });
  }
  const event = readMailEvent(parsed);
  if (!event) return reply(200, { ignored: true });

  const url = Deno.env.get('SUPABASE_URL');
  const key = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
  const results: Record<string, string> = {};
  for (const address of event.addresses) {
    const res = await fetch(`${url}/rest/v1/rpc/record_mail_event`, {
      method: 'POST',
      headers: { apikey: key!, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ event_id: `${verdict.id}:${address.toLowerCase()}`, kind: event.kind, address }),
    });
    if (!res.ok) {
      console.error(`record_mail_event failed: ${res.status} ${await res.text()}`);
      // the provider retries a failed delivery; what was applied already is not applied twice
      return reply(502, { error: 'not_recorded' });
    }
    results[address] = (await res.json()) as string;
  }
  return reply(200, { kind: event.kind, results });
});
