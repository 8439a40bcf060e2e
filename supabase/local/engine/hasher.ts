// Password checks away from the database and the server's thread: bcrypt in plain JavaScript
// (bcrypt.mjs, checked against pgcrypto's hashes by the tests) in one worker thread shared by every
// stand-in of the process. A flood of sign-ins queues there while other requests go on.
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';

const WORKER_URL = new URL('./bcrypt-worker.mjs', import.meta.url);

let worker: Worker | null = null;
let next = 1;
const pending = new Map<number, { resolve(hash: string): void; reject(error: Error): void }>();

function hasher(): Worker {
  if (worker) return worker;
  const w = new Worker(WORKER_URL);
  w.unref(); // it must not keep a finished process alive
  w.on('message', (msg: { id: number; hash?: string; error?: string }) => {
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (msg.hash !== undefined) p.resolve(msg.hash);
    else p.reject(new Error(msg.error ?? 'bcrypt failed'));
  });
  const fail = (error: Error) => {
    if (worker === w) worker = null;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  w.on('error', fail);
  w.on('exit', () => fail(new Error('the bcrypt thread stopped')));
  worker = w;
  return w;
}

/** crypt(password, salt or existing hash) for bcrypt, as pgcrypto computes it. */
export function crypt(password: string, setting: string): Promise<string> {
  const id = next++;
  return new Promise<string>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    hasher().postMessage({ id, password, setting });
  });
}

const BCRYPT_ALPHABET = './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A fresh bcrypt setting of cost 10, like pgcrypto's gen_salt('bf', 10). */
export function genSalt(): string {
  return `$2a$10$${[...randomBytes(22)].map((b) => BCRYPT_ALPHABET[b & 63]).join('').replace(/.$/, (c) => BCRYPT_ALPHABET[BCRYPT_ALPHABET.indexOf(c) & 0x30])}`;
}

/** Whether `password` matches a bcrypt hash ($2a$, $2b$ and $2y$ are the same algorithm). */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash || !/^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/.test(hash)) {
    // hash anyway, so an unknown e-mail costs as long as a wrong password
    await crypt(password, genSalt());
    return false;
  }
  return (await crypt(password, hash)) === hash;
}
