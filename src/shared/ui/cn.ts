/** A value `cn()` accepts: class strings, falsy values to skip, or nested lists of those. */
export type ClassValue = string | number | false | null | undefined | ClassValue[];

/**
 * Joins class names, skipping falsy values and flattening arrays:
 * `cn('a', cond && 'b', ['c', null])` → 'a b c'.
 * No conflict resolution: components put caller classes last, and callers avoid
 * passing a class that fights a variant's class.
 */
export function cn(...values: ClassValue[]): string {
  const out: string[] = [];
  const walk = (value: ClassValue) => {
    if (!value && value !== 0) return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
      return;
    }
    const text = String(value).trim();
    if (text) out.push(text);
  };
  for (const value of values) walk(value);
  return out.join(' ');
}
