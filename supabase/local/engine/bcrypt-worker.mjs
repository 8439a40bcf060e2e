// Runs bcrypt (bcrypt.mjs) off the server's thread: one message in, one hash out.
import { parentPort } from 'node:worker_threads';
import { bcrypt } from './bcrypt.mjs';

parentPort.on('message', ({ id, password, setting }) => {
  try {
    parentPort.postMessage({ id, hash: bcrypt(password, setting) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
