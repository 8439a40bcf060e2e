// Errors in the shape GoTrue answers with for API version 2024-01-01: `{ code, msg }`, plus the
// legacy `error_code` so a client that cannot read the version header still finds the code.
import type { LocalResponse } from '../http.ts';

export const API_VERSION = '2024-01-01';

export const AUTH_HEADERS: Record<string, string> = {
  'content-type': 'application/json; charset=utf-8',
  'x-supabase-api-version': API_VERSION,
};

export function authJson(status: number, body: unknown): LocalResponse {
  return { status, body, headers: { ...AUTH_HEADERS } };
}

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  toResponse(): LocalResponse {
    return authJson(this.status, { code: this.code, error_code: this.code, msg: this.message, ...this.extra });
  }
}

/** GoTrue's answer to a failure inside its database layer: the HTTP status as `code`. */
class InternalAuthError extends AuthError {
  toResponse(): LocalResponse {
    return authJson(this.status, { code: this.status, error_code: this.code, msg: this.message });
  }
}

export const INVALID_LOGIN = 'Invalid login credentials';

export const errors = {
  invalidCredentials: () =>
    new AuthError(400, 'invalid_credentials', INVALID_LOGIN, {
      error: 'invalid_grant',
      error_description: INVALID_LOGIN,
    }),
  validation: (message: string) => new AuthError(400, 'validation_failed', message),
  badJson: (detail: string) => new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`),
  noAuthorization: () => new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (detail: string) => new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`),
  missingSub: () => new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim'),
  userNotFound: () => new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  sessionNotFound: () => new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  refreshNotFound: () =>
    new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found', {
      error: 'invalid_grant',
      error_description: 'Invalid Refresh Token: Refresh Token Not Found',
    }),
  refreshAlreadyUsed: () =>
    new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used', {
      error: 'invalid_grant',
      error_description: 'Invalid Refresh Token: Already Used',
    }),
  sessionExpired: () =>
    new AuthError(400, 'session_expired', 'Invalid Refresh Token: Session Expired', {
      error: 'invalid_grant',
      error_description: 'Invalid Refresh Token: Session Expired',
    }),
  userBanned: () => new AuthError(400, 'user_banned', 'User is banned'),
  emailNotConfirmed: () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed'),
  unsupportedGrant: (grant: string) =>
    new AuthError(400, 'unsupported_grant_type', `Unsupported grant type "${grant}"`, {
      error: 'unsupported_grant_type',
      error_description: `Unsupported grant type "${grant}"`,
    }),
  signupDisabled: () => new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance'),
  emailProviderDisabled: () => new AuthError(422, 'email_provider_disabled', 'Email logins are disabled'),
  notFound: () => new AuthError(404, 'not_found', 'Not Found'),
  overRequestRateLimit: () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached'),
  schemaQuery: () => new InternalAuthError(500, 'unexpected_failure', 'Database error querying schema'),
  notAdmin: () => new AuthError(403, 'not_admin', 'User not allowed'),
  userNotFoundById: () => new AuthError(404, 'user_not_found', 'User not found'),
  emailExists: () => new AuthError(422, 'email_exists', 'A user with this email address has already been registered'),
  userAlreadyExists: () => new AuthError(422, 'user_already_exists', 'User already registered'),
  weakPassword: (min: number) =>
    new AuthError(422, 'weak_password', `Password should be at least ${min} characters.`, { weak_password: { reasons: ['length'] } }),
  badEmail: () => new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format'),
  otpExpired: () => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired'),
  // invitations, password recovery and PUT /user (GoTrue's invite.go, recover.go, mail.go, verify.go, user.go)
  emailRequired: () => new AuthError(400, 'validation_failed', 'An email address is required'),
  emailTooLong: () => new AuthError(400, 'validation_failed', 'An email address is too long'),
  recoveryEmailRequired: () => new AuthError(400, 'validation_failed', 'Password recovery requires an email'),
  overEmailSendRateLimit: (seconds: number) =>
    new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${seconds} seconds.`),
  verifyTokenOrHash: () => new AuthError(400, 'validation_failed', 'Verify requires either a token or a token hash'),
  verifyTokenRequired: () => new AuthError(400, 'validation_failed', 'Verify requires a token or a token hash'),
  onlyTokenHash: () => new AuthError(400, 'validation_failed', 'Only the token_hash and type should be provided'),
  emailOrPhoneOnVerify: () => new AuthError(400, 'validation_failed', 'Only an email address or phone number should be provided on verify'),
  invalidEmailOnVerify: () => new AuthError(422, 'validation_failed', 'Invalid email format'),
  tokenInvalid: () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid'),
  userBannedForbidden: () => new AuthError(403, 'user_banned', 'User is banned'),
  samePassword: () => new AuthError(422, 'same_password', 'New password should be different from the old password.'),
  appMetadataNotAdmin: () => new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges'),
  aal2ToUpdate: () =>
    new AuthError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.'),
  methodNotAllowed: () => new AuthError(405, 'method_not_allowed', 'Method Not Allowed'),
  // multi-factor authentication (GoTrue's mfa.go and its factor loader)
  internal: (message: string) => new InternalAuthError(500, 'unexpected_failure', message),
  anonymousNotAllowed: () => new AuthError(403, 'no_authorization', 'Anonymous user not allowed to perform these actions'),
  factorIdNotUuid: () => new AuthError(404, 'validation_failed', 'factor_id must be an UUID'),
  userIdNotUuid: () => new AuthError(404, 'validation_failed', 'user_id must be an UUID'),
  factorNotFound: () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found'),
  factorTypeInvalid: () => new AuthError(400, 'validation_failed', 'factor_type needs to be totp, phone, or webauthn'),
  phoneEnrollDisabled: () => new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone'),
  webauthnEnrollDisabled: () => new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn'),
  factorNameConflict: (name: string) =>
    new AuthError(422, 'mfa_factor_name_conflict', `A factor with the friendly name ${JSON.stringify(name)} for this user already exists`),
  tooManyFactors: () =>
    new AuthError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue'),
  aal2ToEnroll: () => new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor'),
  aal2ToUnenroll: () => new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor'),
  codeEmpty: () => new AuthError(400, 'validation_failed', 'Code needs to be non-empty'),
  challengeNotFound: () => new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found'),
  challengeMismatch: () => new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.'),
  challengeExpired: (id: string) =>
    new AuthError(
      422,
      'mfa_challenge_expired',
      `MFA challenge ${id} has expired, verify against another challenge or create a new challenge.`,
    ),
  totpInvalid: () => new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered'),
};
