import { openLocalDb } from './supabase/local/db.ts';
let t = Date.now();
const db = await openLocalDb({ memory: true, statementTimeouts: { anon: 500 } });
console.log('open', Date.now() - t); t = Date.now();
console.log(await db.replicaCaughtUp(), 'replica', Date.now() - t); t = Date.now();
try { await db.asRole({ role: 'anon' }, (tx) => tx.query(String.raw`select slug from blog_posts where content ~ '(.*)(.*)(.*)(.*)\4\3\2\1x'`)); } catch (e) { console.log((e as Error).message, Date.now() - t); }
t = Date.now();
console.log((await db.asSystem((tx) => tx.query('select count(*) from clients'))).rows, 'reopen+query', Date.now() - t);
t = Date.now(); await db.close(); console.log('close', Date.now() - t);
