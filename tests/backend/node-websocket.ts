// supabase-js builds a realtime client in createClient(), which on Node 20 needs a WebSocket
// constructor. Node 20 has none built in; the `ws` package (already installed) stands in.
// Import this before the harness creates clients.
import { createRequire } from 'node:module';

const g = globalThis as { WebSocket?: unknown };
if (typeof g.WebSocket === 'undefined') {
  g.WebSocket = createRequire(import.meta.url)('ws');
}
