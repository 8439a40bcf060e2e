/*
 * The public forms' proof of work. Near a form's site-wide ceiling, when the visitor's wider
 * network nears or passes its limit, or when a request carries no client address, the database
 * answers an inquiry, a booking or a newsletter sign-up with the hint intake_proof_required instead
 * of storing it (migrations 20261128000600_visitors_by_network.sql, 20261128001600_signup_and_proofs.sql).
 * The form then asks for a challenge for itself (the function intake_challenge(form): ALTCHA's v1
 * protocol, at the level that form demands of this visitor now, signed for the form and the visitor
 * with a key only the database holds), has the ALTCHA widget solve it out of sight, and sends the
 * same row again with the solution (the write-only column `proof`, or the sign-up's argument). A
 * refused proof (the challenge expired, or the work asked for rose by more than a step meanwhile)
 * asks for work again: a new challenge each round, at most PROOF_ROUNDS of them, then the form's
 * usual error, with everything typed kept.
 *
 * Nothing of it shows: the submit button keeps its pending state all along. The solver (the
 * widget and its workers, ./proof-solver.ts) is loaded only when the database asks for work, so a
 * visitor who never meets a ceiling never downloads it.
 */
import { hintOf } from '@/shared/db/errors';
import { getPublicDb } from '@/shared/db/public-db';
// the type only: the solver itself is loaded when the database first asks for work
import type { IntakeChallenge } from './proof-solver';

export type { IntakeChallenge };

/** The hint of an insert the database will store only with a proof of work. */
export const PROOF_REQUIRED_HINT = 'intake_proof_required';

/** The forms that may be asked for work, as intake_challenge names them. */
export type IntakeForm = 'inquiry' | 'booking' | 'newsletter' | 'data_request';

/** How many challenges a form solves for one send before it gives up. */
export const PROOF_ROUNDS = 3;

/** Thrown when no proof the database accepts could be made: the form shows its usual error. */
export class ProofOfWorkError extends Error {
  constructor(
    message: string,
    readonly original: unknown = null,
  ) {
    super(message);
    this.name = 'ProofOfWorkError';
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The answer of intake_challenge, checked for the fields the widget needs. */
function toChallenge(value: unknown): IntakeChallenge {
  if (
    !isRecord(value) ||
    typeof value.algorithm !== 'string' ||
    typeof value.challenge !== 'string' ||
    typeof value.maxnumber !== 'number' ||
    typeof value.salt !== 'string' ||
    typeof value.signature !== 'string'
  ) {
    throw new ProofOfWorkError('Unexpected answer for a challenge', value);
  }
  const { algorithm, challenge, maxnumber, salt, signature } = value;
  return { algorithm, challenge, maxnumber, salt, signature };
}

/** A new challenge for `form` from the database; a failed request rejects with its error. */
export async function fetchIntakeChallenge(form: IntakeForm): Promise<IntakeChallenge> {
  const db = await getPublicDb();
  const { data, error } = await db.rpc('intake_challenge', { form });
  if (error) throw error;
  return toChallenge(data);
}

type Solver = typeof import('./proof-solver');
let solverPromise: Promise<Solver> | null = null;

/** The solver module, loaded once on first need; a failed chunk load is tried again next time. */
function loadSolver(): Promise<Solver> {
  if (!solverPromise) {
    const promise = import('./proof-solver');
    solverPromise = promise;
    promise.catch(() => {
      if (solverPromise === promise) solverPromise = null;
    });
  }
  return solverPromise;
}

/** One proof for `form`: a new challenge, solved. The solver loads while the challenge is on its way. */
async function makeProof(form: IntakeForm): Promise<string> {
  const [solver, challenge] = await Promise.all([loadSolver(), fetchIntakeChallenge(form)]);
  const payload = await solver.solveChallenge(challenge);
  if (!payload) throw new ProofOfWorkError('The challenge could not be solved');
  return payload;
}

/**
 * Sends a row of `form` with `send` (an insert that resolves with its error, or null once stored).
 * While the database answers intake_proof_required, makes a proof for the form and sends the row
 * again with it, at most PROOF_ROUNDS times. Resolves with the last answer's error (any other refusal is the
 * caller's to explain); rejects with ProofOfWorkError when the database still asks for work after
 * the last round or no proof could be made, and with the error of a failed challenge request.
 */
export async function sendWithProof<E>(form: IntakeForm, send: (proof?: string) => PromiseLike<E | null>): Promise<E | null> {
  let error = await send();
  for (let round = 0; round < PROOF_ROUNDS && hintOf(error) === PROOF_REQUIRED_HINT; round++) {
    error = await send(await makeProof(form));
  }
  if (hintOf(error) === PROOF_REQUIRED_HINT) {
    throw new ProofOfWorkError(`The database refused ${PROOF_ROUNDS} proofs of work`, error);
  }
  return error;
}
