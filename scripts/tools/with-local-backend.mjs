// Runs a command with the local Supabase stand-in beside it: started first when the site is
// configured for the stand-in (no .env pointing elsewhere) and none runs yet, stopped afterwards.
// `npm run build` runs the production build (scripts/publisher/build.mjs) through it, so a build
// on a developer's machine prerenders the demo content; with a hosted project it only hands over.
//
//   node scripts/tools/with-local-backend.mjs <command> [arguments…]
//
// When the stand-in does not start, the command runs anyway (a build then prerenders its pages
// without data, as it would on a host whose database does not answer).
import { startBackendIfLocal } from './local-backend.mjs';
import { run } from './run.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/tools/with-local-backend.mjs <command> [arguments…]');
  process.exit(2);
}
const backend = await startBackendIfLocal().catch((error) => {
  console.warn(`[stand-in] the local stand-in did not start (${error.message}); going on without it`);
  return null;
});
let code = 1;
try {
  code = await run(command, args);
} finally {
  await backend?.stop();
}
process.exit(code);
