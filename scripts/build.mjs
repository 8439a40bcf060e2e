// `npm run build`: the production build — client bundle, sitemap and feed, prerendered pages.
// The pages are prerendered with the data of the Supabase project the site is configured for;
// with the local stand-in (no .env) it is started for the build, so the pages `npm run preview`
// serves hold the same content as the database it runs with.
import { startBackendIfLocal } from './local-backend.mjs';
import { npx, run } from './run.mjs';

const out = process.argv.includes('--out') ? process.argv[process.argv.indexOf('--out') + 1] : 'dist';
let code = await npx(['vite', 'build', '--outDir', out, '--emptyOutDir']);
if (code === 0) {
  const backend = await startBackendIfLocal().catch((error) => {
    console.warn(`[build] the local stand-in did not start (${error.message}); pages are prerendered without data`);
    return null;
  });
  try {
    code = await run(process.execPath, ['scripts/generate-feeds.mjs', '--out', out]);
    if (code === 0) code = await run(process.execPath, ['scripts/prerender.mjs', '--out', out]);
  } finally {
    await backend?.stop();
  }
}
process.exit(code);
