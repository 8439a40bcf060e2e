// Errors as Supabase's storage API renders them: `{ statusCode, code, error, message }`, where
// statusCode is the meaningful status as a string. Like storage-api, the HTTP status itself is
// 400 for every client error (500 for server errors); storage-js reads both.
import type { LocalResponse } from '../http.ts';

export class StorageError extends Error {
  constructor(
    readonly statusCode: string,
    readonly code: string,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }

  get httpStatus(): number {
    return this.statusCode === '500' ? 500 : 400;
  }

  toResponse(): LocalResponse {
    return {
      status: this.httpStatus,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: { statusCode: this.statusCode, code: this.code, error: this.error, message: this.message },
    };
  }
}

export const storageErrors = {
  noSuchBucket: () => new StorageError('404', 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError('404', 'NoSuchKey', 'not_found', 'Object not found'),
  invalidKey: (key: string) => new StorageError('400', 'InvalidKey', 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError('400', 'InvalidBucketName', 'Invalid Input', 'Bucket name invalid'),
  invalidJwt: (message: string) => new StorageError('403', 'InvalidJWT', 'Unauthorized', message),
  accessDenied: (message = 'new row violates row-level security policy') =>
    new StorageError('403', 'AccessDenied', 'Unauthorized', message),
  duplicate: () => new StorageError('409', 'Duplicate', 'Duplicate', 'The resource already exists'),
  tooLarge: () =>
    new StorageError('413', 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size'),
  invalidMime: (mime: string) =>
    new StorageError('415', 'InvalidMimeType', 'invalid_mime_type', `mime type ${mime} is not supported`),
  invalidRequest: (message: string) => new StorageError('400', 'InvalidRequest', 'InvalidRequest', message),
  invalidParameter: (message: string) => new StorageError('400', 'InvalidParameter', 'InvalidParameter', message),
  bucketNotEmpty: () =>
    new StorageError('409', 'ResourceNotEmpty', 'InvalidRequest', 'The bucket you tried to delete is not empty'),
  notFound: () => new StorageError('404', 'NotFound', 'Not Found', 'Route not found'),
  methodNotAllowed: () => new StorageError('405', 'MethodNotAllowed', 'Method Not Allowed', 'Method not allowed'),
};

/** The Postgres error code of a failed query, if it is one. */
export const pgCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : undefined;

/** Maps database refusals to storage-api's answers; anything else is rethrown. */
export function fromDatabase(error: unknown): never {
  const code = pgCode(error);
  if (code === '42501') {
    const message = (error as Error).message ?? '';
    throw storageErrors.accessDenied(
      message.includes('row-level security') ? 'new row violates row-level security policy' : message,
    );
  }
  if (code === '23505') throw storageErrors.duplicate();
  if (code === '23503') throw storageErrors.noSuchBucket();
  if (code === '22P02' || code === '23514' || code === '23502') {
    throw storageErrors.invalidRequest((error as Error).message);
  }
  throw error;
}
