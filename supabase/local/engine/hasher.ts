// Password hashing away from the database and the server's thread: bcrypt through pgcrypto's
// crypt() in a PGlite of its own (no tables), shared by every stand-in of this process. A flood of
// sign-ins queues here, while other requests keep using the database.
import { PgliteWorker } from './worker.ts';

let pending: Promise<PgliteWorker> | null = null;

function hasher(): Promise<PgliteWorker> {
  if (!pending) {
    pending = PgliteWorker.start({}).then((worker) => {
      worker.unref(); // it must not keep a finished process alive
      return worker;
    });
    pending.catch(() => {
      pending = null;
    });
  }
  return pending.then((worker) => {
    if (worker.alive) return worker;
    pending = null;
    return hasher();
  });
}

/** Starts the hasher's thread ahead of the first sign-in (it takes a moment to boot). */
export async function warmHasher(): Promise<void> {
  await hasher();
}

/** crypt(password, salt or existing hash), as pgcrypto computes it. */
export async function crypt(password: string, saltOrHash: string): Promise<string> {
  const worker = await hasher();
  const { rows } = await worker.query<{ hash: string }>('select crypt($1, $2) as hash', [password, saltOrHash]);
  return rows[0].hash;
}

/** Whether `password` matches a bcrypt hash ($2a$, $2b$ and $2y$ are the same algorithm). */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash || !/^\$2[aby]\$\d{2}\$/.test(hash)) {
    // hash anyway, so an unknown e-mail costs as long as a wrong password
    await crypt(password, '$2a$10$abcdefghijklmnopqrstuu');
    return false;
  }
  const normalised = `$2a$${hash.slice(4)}`;
  return (await crypt(password, normalised)) === normalised;
}
