// What every service of the stand-in is handed: the database, the secrets and settings, the
// catchers of what would have left the machine (webhooks, mail), and the shape of a handler.
import type { SignInLimiter } from './auth/ratelimit.ts';
import type { AuthSettings } from './auth/settings.ts';
import type { LocalDb } from './db.ts';
import type { LocalRequest, LocalResponse } from './http.ts';
import type { MailCatcher } from './mail.ts';

export interface WebhookSink {
  /** The newest messages last; each body kept as the JSON text that arrived. */
  received: { at: string; raw: string }[];
}

export interface ServerContext {
  db: LocalDb;
  jwtSecret: string;
  /** Where storage keeps object bytes; null keeps them in memory. */
  storageDir: string | null;
  /** Object bytes when storageDir is null, keyed by `${bucket}/${name}`. */
  memoryObjects: Map<string, Buffer>;
  webhook: WebhookSink;
  /** What the mail provider's API would have sent (see mail.ts). */
  mail: MailCatcher;
  /** Seconds an access token lives. */
  jwtExpiry: number;
  /** PostgREST's max-rows: no read returns more rows than this (null: no limit). */
  maxRows: number | null;
  signInLimiter: SignInLimiter;
  /** Sign-up and confirmation settings (config.toml's [auth], or the start options'). */
  auth: AuthSettings;
  /** Take the client's address from its own cf-connecting-ip header (tests playing several visitors). */
  trustClientAddress: boolean;
  /** Where a new account's confirmation link goes instead of an e-mail (printed by the CLI). */
  onConfirmationLink?: (email: string, link: string) => void;
  /** Runs a pg_cron job now, by name (the stand-in's cron worker; end-to-end tests do not wait a minute). */
  runCronJob?: (name: string) => Promise<void>;
}

export type Handler = (req: LocalRequest, ctx: ServerContext) => Promise<LocalResponse>;
