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
}
