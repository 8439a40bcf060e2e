// The few settings of supabase/config.toml the stand-in applies the way the Supabase CLI does.
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { ROOT_DIR, SUPABASE_DIR } from './db.ts';

export interface ProjectConfig {
  /** [api] max_rows: PostgREST's hard limit on the rows one read returns. */
  maxRows: number | null;
  /** [auth.rate_limit] sign_in_sign_ups: password sign-ins per 5 minutes per IP address. */
  signInsPerFiveMinutes: number;
  /** [auth] enable_signup (and [auth.email] enable_signup): may anyone create an account. */
  enableSignup: boolean;
  /**
   * [auth.email] enable_signup: the CLI pushes it as the e-mail provider's switch (GoTrue's
   * EXTERNAL_EMAIL_ENABLED), so false means nobody signs in with an e-mail and password at all.
   */
  emailProvider: boolean;
  /** [auth.email] enable_confirmations: a new account must confirm its e-mail before it signs in. */
  enableConfirmations: boolean;
  /** [auth] site_url: where confirmation links send the browser by default. */
  siteUrl: string;
  /** [auth] additional_redirect_urls: other places a confirmation link may lead. */
  additionalRedirectUrls: string[];
  /** [auth] minimum_password_length. */
  minimumPasswordLength: number;
  /** [functions.<name>] sections, by function name (see functionSettings for the defaults). */
  functions: Record<string, FunctionConfig>;
  /** [auth.email] settings of the auth e-mails; each one absent when config.toml leaves it out. */
  authEmail: AuthEmailConfig;
}

/** What the stand-in reads of [auth.email] and [auth.email.template.<type>]. */
export interface AuthEmailConfig {
  /** otp_expiry: seconds an e-mailed link or code stays valid. */
  otpExpiry?: number;
  /** max_frequency (a Go duration such as "1s" or "1m0s"), in seconds. */
  maxFrequency?: number;
  /** [auth.email.template.<type>]: subject and content_path (absolute here), by type (invite, recovery, ...). */
  templates: Record<string, { subject?: string; contentPath?: string }>;
}

/** What the stand-in reads of a `[functions.<name>]` section. */
export interface FunctionConfig {
  /** verify_jwt: the gateway refuses a request without a valid JWT before the function runs. */
  verifyJwt?: boolean;
}

/**
 * When config.toml leaves a setting out: hosted Supabase's defaults, which are what a project
 * without the setting gets in production (sign-ups on, e-mail confirmation on).
 */
const DEFAULTS: ProjectConfig = {
  maxRows: 1000,
  signInsPerFiveMinutes: 30,
  enableSignup: true,
  emailProvider: true,
  enableConfirmations: true,
  siteUrl: 'http://localhost:3000',
  additionalRedirectUrls: [],
  minimumPasswordLength: 6,
  functions: {},
  authEmail: { templates: {} },
};

/**
 * A function's settings with hosted's defaults filled in: verify_jwt is on unless its
 * `[functions.<name>]` section turns it off (as `supabase functions deploy` and hosted have it).
 */
export function functionSettings(config: Pick<ProjectConfig, 'functions'>, name: string): Required<FunctionConfig> {
  return { verifyJwt: config.functions[name]?.verifyJwt ?? true };
}

/** The `[functions.<name>]` sections among parsed settings (keys `functions.<name>.<key>`). */
function readFunctionSections(values: Map<string, ConfigValue>): Record<string, FunctionConfig> {
  const out: Record<string, FunctionConfig> = {};
  for (const [key, value] of values) {
    const m = /^functions\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_]+)$/.exec(key);
    if (!m) continue;
    const [, name, setting] = m;
    out[name] ??= {};
    if (setting === 'verify_jwt' && typeof value === 'boolean') out[name].verifyJwt = value;
  }
  return out;
}

/** Seconds of a Go duration string ("90s", "1m0s", "1h", "500ms"); undefined when it is not one. */
export function parseGoDuration(text: string): number | undefined {
  const units: Record<string, number> = { ns: 1e-9, us: 1e-6, µs: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };
  const parts = [...text.trim().matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== text.trim()) return undefined;
  return parts.reduce((sum, p) => sum + Number(p[1]) * units[p[2]], 0);
}

/** The [auth.email] settings and templates among parsed settings; content_path is relative to the project root, as for the CLI. */
function readAuthEmail(values: Map<string, ConfigValue>, root: string): AuthEmailConfig {
  const otpExpiry = values.get('auth.email.otp_expiry');
  const frequency = values.get('auth.email.max_frequency');
  const templates: AuthEmailConfig['templates'] = {};
  for (const [key, value] of values) {
    const m = /^auth\.email\.template\.([a-z_]+)\.(subject|content_path)$/.exec(key);
    if (!m || typeof value !== 'string') continue;
    templates[m[1]] ??= {};
    if (m[2] === 'subject') templates[m[1]].subject = value;
    else templates[m[1]].contentPath = isAbsolute(value) ? value : resolve(root, value);
  }
  return {
    otpExpiry: typeof otpExpiry === 'number' ? otpExpiry : undefined,
    maxFrequency: typeof frequency === 'string' ? parseGoDuration(frequency) : typeof frequency === 'number' ? frequency : undefined,
    templates,
  };
}

export type ConfigValue = number | boolean | string | string[];

/** Reads `key = number | true | false | "string"` lines per [section]; enough TOML for these settings. */
export function parseConfig(text: string): Map<string, ConfigValue> {
  const out = new Map<string, ConfigValue>();
  let section = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/\s#.*$|^#.*$/, '').trim();
    const header = /^\[([A-Za-z0-9_.-]+)\]$/.exec(line);
    if (header) {
      section = header[1];
      continue;
    }
    const kv = /^([A-Za-z0-9_]+)\s*=\s*(.+)$/.exec(line);
    if (!kv) continue;
    const value = kv[2].trim();
    const key = `${section}.${kv[1]}`;
    if (/^-?\d+$/.test(value)) out.set(key, Number(value));
    else if (value === 'true' || value === 'false') out.set(key, value === 'true');
    else if (/^"[^"]*"$/.test(value)) out.set(key, value.slice(1, -1));
    else if (/^\[\s*("[^"]*"\s*,?\s*)*\]$/.test(value)) out.set(key, [...value.matchAll(/"([^"]*)"/g)].map((m) => m[1]));
  }
  return out;
}

/** The numeric settings only (kept for callers that read numbers). */
export function parseConfigNumbers(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const [key, value] of parseConfig(text)) if (typeof value === 'number') out.set(key, value);
  return out;
}

export function readProjectConfig(file = join(SUPABASE_DIR, 'config.toml')): ProjectConfig {
  if (!existsSync(file)) return { ...DEFAULTS, functions: {}, authEmail: { templates: {} } };
  const values = parseConfig(readFileSync(file, 'utf8'));
  const num = (key: string) => (typeof values.get(key) === 'number' ? (values.get(key) as number) : undefined);
  const bool = (key: string) => (typeof values.get(key) === 'boolean' ? (values.get(key) as boolean) : undefined);
  const str = (key: string) => (typeof values.get(key) === 'string' ? (values.get(key) as string) : undefined);
  const maxRows = num('api.max_rows');
  // [auth.email] enable_signup is the e-mail provider itself to the CLI: off, there are neither
  // e-mail sign-ups nor e-mail sign-ins ([auth] enable_signup alone closes sign-ups)
  const emailProvider = bool('auth.email.enable_signup') ?? DEFAULTS.emailProvider;
  const signup = (bool('auth.enable_signup') ?? DEFAULTS.enableSignup) && emailProvider;
  return {
    maxRows: maxRows === undefined ? DEFAULTS.maxRows : maxRows > 0 ? maxRows : null,
    signInsPerFiveMinutes: num('auth.rate_limit.sign_in_sign_ups') ?? DEFAULTS.signInsPerFiveMinutes,
    enableSignup: signup,
    emailProvider,
    enableConfirmations: bool('auth.email.enable_confirmations') ?? DEFAULTS.enableConfirmations,
    siteUrl: str('auth.site_url') ?? DEFAULTS.siteUrl,
    additionalRedirectUrls: (Array.isArray(values.get('auth.additional_redirect_urls')) ? values.get('auth.additional_redirect_urls') : []) as string[],
    minimumPasswordLength: num('auth.minimum_password_length') ?? DEFAULTS.minimumPasswordLength,
    functions: readFunctionSections(values),
    // the default file's relative paths are from the project root; another file's from its own folder's parent
    authEmail: readAuthEmail(values, file === join(SUPABASE_DIR, 'config.toml') ? ROOT_DIR : resolve(file, '..', '..')),
  };
}
