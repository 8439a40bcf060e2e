// Finds chat webhook addresses in built files. A chat's incoming-webhook URL is a secret (whoever
// has it can post to the channel, or delete the webhook); the team chat is told by the database
// (supabase/migrations/20261128000200_chat_from_database.sql), so no file a visitor can download
// may hold one. Used by the build tests (tests/build/bundle.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';

/**
 * What gives a chat webhook away. Each match is the address's fixed part only, never its token,
 * so a report can be printed in a log.
 */
export const CHAT_WEBHOOK_PATTERNS = [
  // Discord, its old domain and its test builds, with or without an API version
  { name: 'Discord webhook', re: /(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/api(?:\/v\d+)?\/webhooks/gi },
  { name: 'Slack webhook', re: /hooks\.slack\.com/gi },
  { name: 'Google Chat webhook', re: /chat\.googleapis\.com\/v1\/spaces/gi },
  { name: 'Microsoft Teams webhook', re: /[\w-]+\.webhook\.office\.com|outlook\.office(?:365)?\.com\/webhook/gi },
  { name: 'Telegram bot', re: /api\.telegram\.org\/bot/gi },
  // the local stand-in's sink, or any address named after a chat webhook
  { name: 'chat-webhook address', re: /chat-webhook/gi },
  // the variable that once carried the address into the bundle
  { name: 'VITE_CHAT_WEBHOOK variable', re: /VITE_CHAT_WEBHOOK/gi },
];

/** The files of a build that are text: scripts, pages, data, feeds, styles, source maps. */
export const TEXT_EXTENSIONS = ['.js', '.mjs', '.cjs', '.html', '.json', '.xml', '.txt', '.css', '.map', '.webmanifest', '.svg'];

/**
 * The same text with the ways a slash may be escaped (JSON and JS '\/', '\u002f', percent- and
 * HTML-encoded) turned back into '/', so an escaped address is found too.
 */
function unescapeSlashes(text) {
  return text.replace(/\\\/|\\u002f|%2f|&#x0*2f;|&#0*47;/gi, '/');
}

/**
 * The chat webhook addresses in `text`, as [{ pattern, match }]; empty when there is none.
 * @param {string} text
 * @returns {{ pattern: string, match: string }[]}
 */
export function findChatWebhooks(text) {
  const plain = unescapeSlashes(text);
  const found = [];
  for (const { name, re } of CHAT_WEBHOOK_PATTERNS) {
    for (const m of plain.matchAll(re)) found.push({ pattern: name, match: m[0] });
  }
  return found;
}

/**
 * Every text file under `dir` (hidden folders such as .vite included), and what of it holds a chat
 * webhook address: { files, findings: [{ file, pattern, match }] }, paths relative to `dir` with '/'.
 * @param {string} dir
 * @returns {{ files: string[], findings: { file: string, pattern: string, match: string }[] }}
 */
export function scanForChatWebhooks(dir) {
  const files = [];
  const findings = [];
  const visit = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        visit(path);
      } else if (entry.isFile() && TEXT_EXTENSIONS.includes(extname(entry.name).toLowerCase())) {
        const file = relative(dir, path).split(sep).join('/');
        files.push(file);
        for (const hit of findChatWebhooks(readFileSync(path, 'utf8'))) findings.push({ file, ...hit });
      }
    }
  };
  visit(dir);
  return { files: files.sort(), findings };
}
