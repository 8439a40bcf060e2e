import { describe, expect, it } from 'vitest';
import { errorMessage, isNoRowsError, isPermissionError } from '@/shared/db/errors';
import { withSampleFallback } from '@/site/data/fallback';

describe('isPermissionError', () => {
  it('recognises Postgres insufficient privilege (42501)', () => {
    expect(isPermissionError({ code: '42501', message: 'whatever' })).toBe(true);
  });

  it('recognises PostgREST JWT rejection (PGRST301)', () => {
    expect(isPermissionError({ code: 'PGRST301', message: 'JWSError' })).toBe(true);
  });

  it("recognises messages mentioning 'permission denied', 'permission' or 'policy', in any case", () => {
    expect(isPermissionError({ message: 'permission denied for table clients' })).toBe(true);
    expect(isPermissionError(new Error('Missing PERMISSION to read'))).toBe(true);
    expect(isPermissionError({ message: 'new row violates row-level security Policy for table "x"' })).toBe(true);
    expect(isPermissionError('permission denied')).toBe(true);
  });

  it('rejects other errors and non-errors', () => {
    expect(isPermissionError({ code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned' })).toBe(false);
    expect(isPermissionError(new Error('Failed to fetch'))).toBe(false);
    expect(isPermissionError(null)).toBe(false);
    expect(isPermissionError(undefined)).toBe(false);
    expect(isPermissionError(42)).toBe(false);
  });
});

describe('isNoRowsError', () => {
  it('recognises PGRST116 only', () => {
    expect(isNoRowsError({ code: 'PGRST116', message: '' })).toBe(true);
    expect(isNoRowsError({ code: '42501' })).toBe(false);
  });
});

describe('errorMessage', () => {
  it("returns the error's own message", () => {
    expect(errorMessage(new Error('Invalid login credentials'), 'Невалидни данни за влизане.')).toBe(
      'Invalid login credentials',
    );
    expect(errorMessage({ code: '23505', message: 'duplicate key' }, 'x')).toBe('duplicate key');
    expect(errorMessage('plain text', 'x')).toBe('plain text');
  });

  it('falls back when there is no usable message', () => {
    const fallback = 'Неуспешно запазване на проекта.';
    expect(errorMessage(new Error(''), fallback)).toBe(fallback);
    expect(errorMessage({ message: '   ' }, fallback)).toBe(fallback);
    expect(errorMessage(null, fallback)).toBe(fallback);
    expect(errorMessage({ code: 500 }, fallback)).toBe(fallback);
  });
});

describe('withSampleFallback', () => {
  const sample = ['sample'];
  const quiet = { label: 'test' };

  it('passes real data through', async () => {
    await expect(withSampleFallback(async () => ['real'], sample)).resolves.toEqual({ data: ['real'], isSample: false });
  });

  it('returns the sample on a permission error', async () => {
    const denied = { code: '42501', message: 'permission denied for table projects' };
    const original = console.warn;
    console.warn = () => {};
    try {
      const result = await withSampleFallback(() => Promise.reject(denied), () => sample, quiet);
      expect(result).toEqual({ data: sample, isSample: true, error: denied });
    } finally {
      console.warn = original;
    }
  });

  it('rethrows other errors unless onAnyError is set', async () => {
    const boom = new Error('Failed to fetch');
    await expect(withSampleFallback(() => Promise.reject(boom), sample)).rejects.toBe(boom);
    const original = console.warn;
    console.warn = () => {};
    try {
      const result = await withSampleFallback(() => Promise.reject(boom), sample, { ...quiet, onAnyError: true });
      expect(result.isSample).toBe(true);
      expect(result.data).toBe(sample);
    } finally {
      console.warn = original;
    }
  });
});
