// The sign-up and confirmation settings of the stand-in's GoTrue (config.toml's [auth]).

/** The [auth] settings of config.toml the stand-in follows (hosted defaults where unset). */
export interface AuthSettings {
  enableSignup: boolean;
  /** The e-mail provider ([auth.email] enable_signup): off, no e-mail and password sign-in (hosted's 422). */
  emailProvider?: boolean;
  enableConfirmations: boolean;
  siteUrl: string;
  /** Origins besides site_url that a redirect_to may point at. */
  additionalRedirectUrls: string[];
  minimumPasswordLength: number;
  /**
   * The auth e-mails (invite, recovery): what is given here wins over config.toml's [auth.email],
   * which wins over GoTrue's defaults (see mailer.ts, mailerSettings).
   */
  mailer?: Partial<MailerSettings>;
}

/** A template of [auth.email.template.<type>]: its subject and the file of its HTML body. */
export interface MailTemplateSetting {
  subject?: string;
  /** An absolute path (config.ts resolves content_path from the project root, as the CLI does). */
  contentPath?: string;
}

export interface MailerSettings {
  /** Seconds a link or code stays valid (GoTrue's MAILER_OTP_EXP, [auth.email] otp_expiry). */
  otpExpiry: number;
  /** Seconds between two e-mails of one kind to one account (GoTrue's SMTP_MAX_FREQUENCY, [auth.email] max_frequency). */
  maxFrequency: number;
  /** By GoTrue's template type: invite, confirmation, recovery, magic_link, email_change, reauthentication. */
  templates: Record<string, MailTemplateSetting>;
}
