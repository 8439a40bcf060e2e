// One PGlite database in its own thread (plain JavaScript: worker threads do not go through the
// TypeScript loader). The main thread sends one message at a time and keeps the server answering
// while a statement runs here; it ends a statement that runs too long by terminating this thread.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';

/** @type {PGlite | null} */
let pg = null;

const ERROR_FIELDS = ['code', 'detail', 'hint', 'severity', 'position', 'where', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'];

function serialiseError(error) {
  const out = { message: error instanceof Error ? error.message : String(error) };
  if (error && typeof error === 'object') {
    for (const key of ERROR_FIELDS) {
      const value = error[key];
      if (value !== undefined && value !== null) out[key] = String(value);
    }
  }
  return out;
}

async function open({ dataDir, snapshot }) {
  pg = await PGlite.create({
    dataDir: dataDir ?? undefined,
    extensions: { pgcrypto },
    loadDataDir: snapshot ? new Blob([snapshot]) : undefined,
  });
  // a database without data (the password hasher) still needs crypt()
  if (!dataDir && !snapshot) await pg.exec('create extension if not exists pgcrypto');
  // As on hosted Supabase, extension functions (crypt, gen_salt) resolve without a schema prefix.
  await pg.exec('set search_path to "$user", public, extensions');
}

async function handle(message) {
  switch (message.op) {
    case 'query': {
      const res = await pg.query(message.sql, message.params ?? []);
      return { rows: res.rows, affectedRows: res.affectedRows ?? 0 };
    }
    case 'exec':
      await pg.exec(message.sql);
      return null;
    case 'begin':
      // BEGIN and the caller's role and claims in one round trip
      await pg.exec(message.readOnly ? 'begin read only' : 'begin');
      if (message.claims) {
        await pg.query(
          `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                  set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true),
                  set_config('request.jwt.claim.email', $4, true)`,
          message.claims,
        );
      }
      return null;
    case 'dump': {
      const blob = await pg.dumpDataDir('none');
      return await blob.arrayBuffer();
    }
    case 'close':
      if (pg && !pg.closed) await pg.close();
      return null;
    default:
      throw new Error(`unknown op ${message.op}`);
  }
}

parentPort.on('message', async (message) => {
  try {
    const result = await handle(message);
    const transfer = result instanceof ArrayBuffer ? [result] : [];
    parentPort.postMessage({ id: message.id, ok: true, result }, transfer);
  } catch (error) {
    parentPort.postMessage({ id: message.id, ok: false, error: serialiseError(error) });
  }
});

try {
  await open(workerData);
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, error: serialiseError(error) });
}
