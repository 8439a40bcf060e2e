// `npm run preview`: serves the last build; with the local stand-in unless .env points elsewhere.
import { startBackendIfLocal } from './local-backend.mjs';
import { npx } from './run.mjs';

const backend = await startBackendIfLocal();
const code = await npx(['vite', 'preview', ...process.argv.slice(2)]);
await backend?.stop();
process.exit(code);
