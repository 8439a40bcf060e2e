// `npm run preview`: serves the last build; with the local stand-in unless .env points elsewhere.
// The preview's publisher registers itself with the stand-in as its content webhook, which takes
// the stand-in's service-role key: passed in here, through the environment.
import { LOCAL_SERVICE_ROLE_KEY, startBackendIfLocal } from './local-backend.mjs';
import { npx } from './run.mjs';

// vite preview serves on localhost:4173 (vite.config.ts's preview.port): the e-mails link there
const backend = await startBackendIfLocal({ siteUrl: 'http://localhost:4173' });
const env = { SUPABASE_SERVICE_ROLE_KEY: process.env.SUPABASE_SERVICE_ROLE_KEY ?? LOCAL_SERVICE_ROLE_KEY };
const code = await npx(['vite', 'preview', ...process.argv.slice(2)], { env });
await backend?.stop();
process.exit(code);
