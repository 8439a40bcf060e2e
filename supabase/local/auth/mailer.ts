// The e-mails GoTrue sends for invitations and password resets, written to the stand-in's mail
// catcher (as the Supabase CLI's local stack hands them to its own mail catcher). Subject and body
// come from config.toml's [auth.email.template.<type>] when it has them, else GoTrue's defaults;
// they are Go html/template text, of which the stand-in renders the `{{ .Field }}` and
// `{{ .Data.key }}` actions, each value HTML-escaped as html/template escapes it.
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ServerContext } from '../context.ts';
import { readProjectConfig } from '../config.ts';
import type { MailerSettings } from './settings.ts';

/** GoTrue's defaults: links and codes live a day (MAILER_OTP_EXP 86400), one e-mail a minute per kind (SMTP_MAX_FREQUENCY 1m). */
export const GOTRUE_MAILER_DEFAULTS: MailerSettings = { otpExpiry: 86_400, maxFrequency: 60, templates: {} };

/** GoTrue's default subjects and bodies, by template type. */
export const DEFAULT_TEMPLATES: Record<'invite' | 'recovery', { subject: string; body: string }> = {
  invite: {
    subject: 'You have been invited',
    body: `<h2>You have been invited</h2>

<p>You have been invited to create a user on {{ .SiteURL }}. Follow this link to accept the invite:</p>
<p><a href="{{ .ConfirmationURL }}">Accept the invite</a></p>
<p>Alternatively, enter the code: {{ .Token }}</p>`,
  },
  recovery: {
    subject: 'Reset Your Password',
    body: `<h2>Reset password</h2>

<p>Follow this link to reset the password for your user:</p>
<p><a href="{{ .ConfirmationURL }}">Reset password</a></p>
<p>Alternatively, enter the code: {{ .Token }}</p>`,
  },
};

let fromConfig: MailerSettings | undefined;

/** The mailer's settings: the start options' over config.toml's [auth.email] over GoTrue's defaults. */
export function mailerSettings(ctx: Pick<ServerContext, 'auth'>): MailerSettings {
  if (!fromConfig) {
    const { authEmail } = readProjectConfig();
    fromConfig = {
      otpExpiry: authEmail.otpExpiry ?? GOTRUE_MAILER_DEFAULTS.otpExpiry,
      maxFrequency: authEmail.maxFrequency ?? GOTRUE_MAILER_DEFAULTS.maxFrequency,
      templates: authEmail.templates,
    };
  }
  const given = ctx.auth.mailer ?? {};
  return {
    otpExpiry: given.otpExpiry ?? fromConfig.otpExpiry,
    maxFrequency: given.maxFrequency ?? fromConfig.maxFrequency,
    templates: given.templates ?? fromConfig.templates,
  };
}

/** A one-time code of GoTrue's default length (6 digits); the link carries sha224(email + code). */
export const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** What html/template escapes in a value printed into HTML text or a quoted attribute. */
const escapeGoHtml = (value: string) =>
  value.replace(/[\0&'<>"+]/g, (c) => ({ '\0': '\uFFFD', '&': '&amp;', "'": '&#39;', '<': '&lt;', '>': '&gt;', '"': '&#34;', '+': '&#43;' })[c] as string);

/** A value as Go's fmt prints it in a template (maps and slices only roughly). */
function goString(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(goString).join(' ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `map[${entries.map(([k, v]) => `${k}:${goString(v)}`).join(' ')}]`;
  }
  return String(value);
}

/**
 * Renders `{{ .A }}` and `{{ .A.b.c }}` (with `{{-`/`-}}` trimming) against `data`; a missing field
 * prints nothing, as html/template prints a missing map key. Other actions are not understood and
 * print nothing.
 */
export function renderTemplate(template: string, data: Record<string, unknown>): string {
  return template
    .replace(/\s*\{\{-\s/g, '{{ ')
    .replace(/\s-\}\}\s*/g, ' }}')
    .replace(/\{\{\s*([^}]*?)\s*\}\}/g, (_, action: string) => {
      const path = /^(?:\.[A-Za-z_][A-Za-z0-9_]*)+$/.test(action) ? action.slice(1).split('.') : null;
      if (!path) return '';
      let value: unknown = data;
      for (const key of path) {
        value = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
      }
      return escapeGoHtml(goString(value));
    });
}

/** `redirect_to` in a link as GoTrue writes it: query-escaped only when it holds &, = or #. */
function encodeRedirect(url: string): string {
  return /[&=#]/.test(url) ? queryEscape(url) : url;
}

/** Go's url.QueryEscape: all but letters, digits and -_.~ percent-encoded, spaces as '+'. */
export const queryEscape = (value: string) =>
  encodeURIComponent(value)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');

export interface AuthMail {
  type: 'invite' | 'recovery';
  email: string;
  /** The code (`{{ .Token }}`). */
  otp: string;
  /** sha224(email + code) in hex, as stored (`{{ .TokenHash }}`, the link's token). */
  tokenHash: string;
  /** Where the link leads after /verify (`{{ .RedirectTo }}`). */
  redirectTo: string;
  /** GoTrue's external URL, `<origin>/auth/v1`. */
  externalUrl: string;
  userMetadata: Record<string, unknown>;
}

/** The link of an e-mail, as GoTrue builds it: `<external URL>/verify?token=…&type=…&redirect_to=…`. */
export const confirmationUrl = (mail: Pick<AuthMail, 'externalUrl' | 'tokenHash' | 'type' | 'redirectTo'>) =>
  `${mail.externalUrl}/verify?token=${queryEscape(mail.tokenHash)}&type=${mail.type}&redirect_to=${encodeRedirect(mail.redirectTo)}`;

/** Subject and HTML of an auth e-mail, from config.toml's template when it has one. */
export function composeAuthMail(settings: MailerSettings, siteUrl: string, mail: AuthMail): { subject: string; html: string } {
  const configured = settings.templates[mail.type] ?? {};
  const fallback = DEFAULT_TEMPLATES[mail.type];
  let body = fallback.body;
  if (configured.contentPath) {
    try {
      body = readFileSync(configured.contentPath, 'utf8');
    } catch {
      // GoTrue falls back to its default body when the template cannot be loaded
    }
  }
  const data = {
    SiteURL: siteUrl,
    ConfirmationURL: confirmationUrl(mail),
    Email: mail.email,
    Token: mail.otp,
    TokenHash: mail.tokenHash,
    Data: mail.userMetadata,
    RedirectTo: mail.redirectTo,
  };
  return { subject: renderTemplate(configured.subject || fallback.subject, data), html: renderTemplate(body, data) };
}

/** Composes the e-mail and leaves it in the stand-in's mail catcher. */
export function sendAuthMail(ctx: Pick<ServerContext, 'auth' | 'mail'>, mail: AuthMail): void {
  const { subject, html } = composeAuthMail(mailerSettings(ctx), ctx.auth.siteUrl, mail);
  ctx.mail.deliver({ to: mail.email, subject, html });
}
