// Where `npm run preview` tells the stand-in the site is, so the e-mails' links reach it
// (scripts/tools/preview-origin.mjs).
import { describe, expect, it } from 'vitest';
import { previewOrigin } from '../../scripts/tools/preview-origin.mjs';

describe('previewOrigin', () => {
  it('is vite preview’s own port without arguments, and the port it is given otherwise', () => {
    expect(previewOrigin([])).toBe('http://localhost:4173');
    expect(previewOrigin(['--port', '4301'])).toBe('http://localhost:4301');
    expect(previewOrigin(['--port=4302', '--open'])).toBe('http://localhost:4302');
  });

  it('takes the host it is given, and localhost for one that listens everywhere', () => {
    expect(previewOrigin(['--host', '127.0.0.1', '--port', '4301'])).toBe('http://127.0.0.1:4301');
    expect(previewOrigin(['--host'])).toBe('http://localhost:4173');
    expect(previewOrigin(['--host=0.0.0.0'])).toBe('http://localhost:4173');
    expect(previewOrigin(['--host', '::1'])).toBe('http://[::1]:4173');
  });

  it('refuses a port that is none', () => {
    expect(() => previewOrigin(['--port', 'eighty'])).toThrow(/not a port/);
  });
});
