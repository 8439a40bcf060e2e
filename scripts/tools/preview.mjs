// `npm run preview`: serves the last build; with the local stand-in unless .env points elsewhere.
// The preview's publisher registers itself with the stand-in as its content webhook, which takes
// the stand-in's service-role key: passed in here, through the environment.
import { LOCAL_SERVICE_ROLE_KEY, startBackendIfLocal } from './local-backend.mjs';
import { previewOrigin } from './preview-origin.mjs';
import { npx } from './run.mjs';

// the e-mails link to where this preview serves (`npm run preview -- --port 4301` included), and
// the port is strict: taken, the preview stops rather than serve elsewhere than the links point
const args = process.argv.slice(2);
const backend = await startBackendIfLocal({ siteUrl: previewOrigin(args) });
const env = { SUPABASE_SERVICE_ROLE_KEY: process.env.SUPABASE_SERVICE_ROLE_KEY ?? LOCAL_SERVICE_ROLE_KEY };
const code = await npx(['vite', 'preview', ...(args.includes('--strictPort') ? [] : ['--strictPort']), ...args], { env });
await backend?.stop();
process.exit(code);
