// The public forms' proof of work as a client solves it, for the backend tests: a challenge asked
// for a form by the visitor who will spend it (intake_challenge), and the ALTCHA payload that solves it.
import { createHash } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';

export interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

export type IntakeForm = 'inquiry' | 'booking' | 'newsletter' | 'data_request';

/** What the browser's ALTCHA widget does: finds n with SHA-256(salt + n) = challenge; the payload it sends. */
export function solve(c: Challenge): string {
  for (let n = 0; n <= c.maxnumber; n++) {
    if (createHash('sha256').update(c.salt + n).digest('hex') === c.challenge) {
      return Buffer.from(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: n, salt: c.salt, signature: c.signature, took: 1 })).toString('base64');
    }
  }
  throw new Error('no solution below maxnumber');
}

/** A challenge for `form`, as `client` (the visitor who will spend it) asks for one. */
export async function challenge(form: IntakeForm, client: SupabaseClient): Promise<Challenge> {
  const { data, error } = await client.rpc('intake_challenge', { form });
  if (error) throw new Error(`intake_challenge refused: ${error.message}`);
  return data as Challenge;
}

/** The level a challenge was issued at (its salt says). */
export const levelOf = (c: Challenge): number => Number(/&level=(\d)&/.exec(c.salt)?.[1]);
