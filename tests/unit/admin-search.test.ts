import { describe, expect, it } from 'vitest';
import { inquirySearchFilter } from '@/admin/inbox/search';
import { likeLiteral, normaliseSearch, quotePostgrestValue, searchFilter } from '@/admin/kit/data/search';

describe('searchFilter', () => {
  it('the inbox looks for the text in name, company, e-mail and message, case-insensitively', () => {
    expect(inquirySearchFilter('иван')).toBe(
      'name.ilike."*иван*",company.ilike."*иван*",email.ilike."*иван*",message.ilike."*иван*"',
    );
  });

  it('looks in the columns given', () => {
    expect(searchFilter('crm', ['title', 'slug'])).toBe('title.ilike."*crm*",slug.ilike."*crm*"');
  });

  it('is null for empty or blank text, and trims and collapses spaces', () => {
    expect(searchFilter('', ['name'])).toBeNull();
    expect(searchFilter('   \n ', ['name'])).toBeNull();
    expect(searchFilter('  Хотел   Изгрев ', ['name'])).toBe('name.ilike."*Хотел Изгрев*"');
  });

  it('keeps commas, parentheses and dots inside the quoted value', () => {
    expect(searchFilter('a,b),name.eq.x', ['name'])).toBe('name.ilike."*a,b),name.eq.x*"');
  });

  it('escapes quotes and backslashes of the PostgREST value', () => {
    expect(searchFilter('Хотел "Изгрев"', ['name'])).toBe('name.ilike."*Хотел \\"Изгрев\\"*"');
    // a backslash is first escaped for LIKE (\\) and then for the quoted value (\\\\)
    expect(searchFilter('a\\b', ['name'])).toBe('name.ilike."*a\\\\\\\\b*"');
  });

  it('makes LIKE wildcards typed by the user literal', () => {
    expect(searchFilter('50%_off', ['name'])).toBe('name.ilike."*50\\\\%\\\\_off*"');
    // PostgREST turns every * into %, so a typed * becomes the one-character wildcard
    expect(searchFilter('a*b', ['name'])).toBe('name.ilike."*a_b*"');
  });

  it('caps the length', () => {
    expect(normaliseSearch('я'.repeat(300))).toHaveLength(100);
  });
});

describe('helpers', () => {
  it('likeLiteral and quotePostgrestValue', () => {
    expect(likeLiteral('100%')).toBe('100\\%');
    expect(likeLiteral('a_b\\c*')).toBe('a\\_b\\\\c_');
    expect(quotePostgrestValue('say "hi"\\')).toBe('"say \\"hi\\"\\\\"');
  });
});
