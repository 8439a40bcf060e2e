// The database's side of the public forms' proof of work, for the component tests: the refusal
// that asks for work, and the challenges intake_challenge hands out (the solver itself is mocked).
import { http, HttpResponse } from 'msw';
import type { IntakeChallenge } from '@/site/dialogs/proof-of-work';
import { rest, server } from './msw';

/** The n-th challenge the database hands out (ALTCHA v1, as intake_challenge answers). */
export const CHALLENGE = (n: number): IntakeChallenge => ({
  algorithm: 'SHA-256',
  challenge: String(n).repeat(64).slice(0, 64),
  maxnumber: 25_000,
  salt: `${'0123456789ab'.repeat(2)}?expires=${1_900_000_000 + n}&level=1&form=inquiry`,
  signature: 'f'.repeat(64),
});

/** The database's answer to an insert it stores only with a proof of work. */
export const proofRequired = () =>
  HttpResponse.json({ code: 'P0001', message: 'A proof of work is needed (no proof)', details: 'level 1', hint: 'intake_proof_required' }, { status: 400 });

/** Answers intake_challenge with CHALLENGE(1), CHALLENGE(2), …; records each request's body. */
export function serveChallenges() {
  const bodies: unknown[] = [];
  server.use(
    http.post(rest('rpc/intake_challenge'), async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(CHALLENGE(bodies.length));
    }),
  );
  return bodies;
}
