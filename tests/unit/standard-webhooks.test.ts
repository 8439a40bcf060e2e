// The mail provider's webhook signatures (supabase/functions/_shared/standard-webhooks.ts), as
// Standard Webhooks and Svix define them: what a genuine delivery carries passes; a forged,
// altered, stale or unsigned one does not.
import { describe, expect, it } from 'vitest';
import { sign, TOLERANCE_SECONDS, verify } from '../../supabase/functions/_shared/standard-webhooks';

const SECRET = `whsec_${Buffer.from('a secret of thirty-two bytes!!!!').toString('base64')}`;
const OTHER = `whsec_${Buffer.from('another secret of 32 bytes......').toString('base64')}`;
const NOW = 1_795_000_000;
const BODY = JSON.stringify({ type: 'email.bounced', data: { to: ['a@example.com'] } });

async function headers(secret: string, id: string, timestamp: number, body: string, prefix = 'webhook') {
  return new Headers({ [`${prefix}-id`]: id, [`${prefix}-timestamp`]: String(timestamp), [`${prefix}-signature`]: await sign(secret, id, timestamp, body) });
}

describe('Standard Webhooks signatures', () => {
  it('accept a genuine delivery, under either header names', async () => {
    expect(await verify(SECRET, await headers(SECRET, 'msg_1', NOW, BODY), BODY, NOW)).toEqual({ ok: true, id: 'msg_1' });
    expect(await verify(SECRET, await headers(SECRET, 'msg_2', NOW, BODY, 'svix'), BODY, NOW)).toEqual({ ok: true, id: 'msg_2' });
  });

  it('matches the standard’s signed content: HMAC-SHA256 of id.timestamp.body with the decoded secret', async () => {
    const { createHmac } = await import('node:crypto');
    const expected = createHmac('sha256', Buffer.from(SECRET.slice(6), 'base64')).update(`msg_3.${NOW}.${BODY}`).digest('base64');
    expect(await sign(SECRET, 'msg_3', NOW, BODY)).toBe(`v1,${expected}`);
  });

  it('accept one matching signature among several (a secret being rotated)', async () => {
    const good = await sign(SECRET, 'msg_4', NOW, BODY);
    const bad = await sign(OTHER, 'msg_4', NOW, BODY);
    const list = new Headers({ 'webhook-id': 'msg_4', 'webhook-timestamp': String(NOW), 'webhook-signature': `${bad} v2,xyz ${good}` });
    expect((await verify(SECRET, list, BODY, NOW)).ok).toBe(true);
  });

  it('refuse another secret, an altered body, a changed id and missing headers', async () => {
    expect(await verify(SECRET, await headers(OTHER, 'msg_5', NOW, BODY), BODY, NOW)).toEqual({ ok: false, reason: 'no_match' });
    expect(await verify(SECRET, await headers(SECRET, 'msg_5', NOW, BODY), BODY.replace('bounced', 'opened'), NOW)).toEqual({ ok: false, reason: 'no_match' });
    const moved = await headers(SECRET, 'msg_5', NOW, BODY);
    moved.set('webhook-id', 'msg_6');
    expect((await verify(SECRET, moved, BODY, NOW)).ok).toBe(false);
    expect(await verify(SECRET, new Headers(), BODY, NOW)).toEqual({ ok: false, reason: 'missing_headers' });
  });

  it('refuse a delivery older or newer than five minutes (a replay), and a timestamp that is no number', async () => {
    const old = NOW - TOLERANCE_SECONDS - 1;
    expect(await verify(SECRET, await headers(SECRET, 'msg_7', old, BODY), BODY, NOW)).toEqual({ ok: false, reason: 'too_old' });
    expect(await verify(SECRET, await headers(SECRET, 'msg_7', NOW + TOLERANCE_SECONDS + 1, BODY), BODY, NOW)).toEqual({ ok: false, reason: 'too_old' });
    const odd = await headers(SECRET, 'msg_8', NOW, BODY);
    odd.set('webhook-timestamp', '17e8');
    expect(await verify(SECRET, odd, BODY, NOW)).toEqual({ ok: false, reason: 'bad_timestamp' });
  });
});
