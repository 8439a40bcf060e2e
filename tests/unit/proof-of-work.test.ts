import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PROOF_ROUNDS, ProofOfWorkError, sendWithProof, type IntakeChallenge } from '@/site/dialogs/proof-of-work';

// The database's side (intake_challenge) and the solver are fakes: what is under test is when the
// solver is loaded, how often the row is sent again, and what the caller gets back.
const fake = vi.hoisted(() => ({
  solverLoaded: false,
  challenge: vi.fn<(args: unknown) => Promise<{ data: unknown; error: unknown }>>(),
  solve: vi.fn<(challenge: IntakeChallenge) => Promise<string | null>>(),
}));
vi.mock('@/shared/db/public-db', () => ({
  getPublicDb: async () => ({ rpc: (name: string, args: unknown) => (name === 'intake_challenge' ? fake.challenge(args) : Promise.reject(new Error(name))) }),
}));
vi.mock('@/site/dialogs/proof-solver', () => {
  fake.solverLoaded = true;
  return { solveChallenge: fake.solve };
});

const CHALLENGE: IntakeChallenge = { algorithm: 'SHA-256', challenge: 'a'.repeat(64), maxnumber: 25_000, salt: `${'b'.repeat(24)}?expires=1900000000&level=1&form=inquiry`, signature: 'c'.repeat(64) };
const askForWork = { code: 'P0001', message: 'A proof of work is needed', hint: 'intake_proof_required' };

/** A fake insert that answers `answers` in turn and records the proof of each send. */
function inserts(...answers: (object | null)[]) {
  const proofs: (string | undefined)[] = [];
  const send = async (proof?: string) => {
    proofs.push(proof);
    return answers[Math.min(proofs.length - 1, answers.length - 1)];
  };
  return { send, proofs };
}

describe('the proof of work of the public forms', () => {
  beforeEach(() => {
    fake.challenge.mockReset().mockResolvedValue({ data: CHALLENGE, error: null });
    fake.solve.mockReset().mockResolvedValue('solved');
  });

  // first in the file: the solver module is loaded once per file, on first need
  it('a row stored at once is sent once, and the solver is never loaded', async () => {
    const { send, proofs } = inserts(null);
    await expect(sendWithProof('inquiry', send)).resolves.toBeNull();
    expect(proofs).toEqual([undefined]);
    expect(fake.challenge).not.toHaveBeenCalled();
    expect(fake.solverLoaded).toBe(false);
  });

  it('leaves any other refusal to the caller, before or after a proof', async () => {
    const limit = { code: 'P0001', hint: 'inquiry_limit_client' };
    expect(await sendWithProof('inquiry', inserts(limit).send)).toBe(limit);
    const taken = { code: '23505', hint: null };
    const { send, proofs } = inserts(askForWork, taken);
    expect(await sendWithProof('booking', send)).toBe(taken);
    expect(proofs).toEqual([undefined, 'solved']);
    // the challenge was asked for the form that sends: the database issues it at that form's level
    expect(fake.challenge).toHaveBeenCalledWith({ form: 'booking' });
    expect(fake.solve).toHaveBeenCalledWith(CHALLENGE);
    // loaded once the database asked for work (so the check of the first test can fail)
    expect(fake.solverLoaded).toBe(true);
  });

  it(`gives up after ${PROOF_ROUNDS} refused proofs, with a new challenge for each`, async () => {
    const { send, proofs } = inserts(askForWork);
    await expect(sendWithProof('newsletter', send)).rejects.toBeInstanceOf(ProofOfWorkError);
    expect(proofs).toEqual([undefined, 'solved', 'solved', 'solved']);
    expect(fake.challenge.mock.calls).toEqual(Array.from({ length: PROOF_ROUNDS }, () => [{ form: 'newsletter' }]));
  });

  it('a challenge that cannot be had, or read, or solved ends the send without another insert', async () => {
    const down = { code: '08000', message: 'connection refused' };
    fake.challenge.mockResolvedValueOnce({ data: null, error: down });
    let attempt = inserts(askForWork);
    await expect(sendWithProof('inquiry', attempt.send)).rejects.toBe(down);
    expect(attempt.proofs).toEqual([undefined]);

    fake.challenge.mockResolvedValueOnce({ data: { algorithm: 'SHA-256' }, error: null });
    attempt = inserts(askForWork);
    await expect(sendWithProof('inquiry', attempt.send)).rejects.toThrow('Unexpected answer for a challenge');
    expect(attempt.proofs).toEqual([undefined]);

    fake.solve.mockResolvedValueOnce(null);
    attempt = inserts(askForWork);
    await expect(sendWithProof('inquiry', attempt.send)).rejects.toThrow('The challenge could not be solved');
    expect(attempt.proofs).toEqual([undefined]);
  });
});
