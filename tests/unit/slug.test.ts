import { describe, expect, it } from 'vitest';
import { slugifyPost, slugifyProject, transliterateBg } from '@/admin/kit/forms/slug';

describe('slugifyPost (spec section 5, post rule)', () => {
  it('lower-cases', () => {
    expect(slugifyPost('Hello World')).toBe('hello-world');
    expect(slugifyPost('CRM')).toBe('crm');
  });

  it('trims surrounding whitespace', () => {
    expect(slugifyPost('   padded title  ')).toBe('padded-title');
  });

  it('turns spaces into hyphens', () => {
    expect(slugifyPost('one two three')).toBe('one-two-three');
    expect(slugifyPost('tabs\tand\nnewlines')).toBe('tabs-and-newlines');
  });

  it("turns '&' into '-and-'", () => {
    expect(slugifyPost('AI & Automation')).toBe('ai-and-automation');
    expect(slugifyPost('R&D')).toBe('r-and-d');
  });

  it('strips non-word characters', () => {
    expect(slugifyPost('Hello, World! (2026)?')).toBe('hello-world-2026');
    expect(slugifyPost('snake_case stays')).toBe('snake_case-stays');
    expect(slugifyPost('100% "quoted" #tag')).toBe('100-quoted-tag');
  });

  it('collapses repeated hyphens', () => {
    expect(slugifyPost('a -- b')).toBe('a-b');
    expect(slugifyPost('a & & b')).toBe('a-and-and-b');
    expect(slugifyPost('x---y')).toBe('x-y');
  });

  it('drops leading and trailing hyphens (improvement)', () => {
    expect(slugifyPost('- leading and trailing -')).toBe('leading-and-trailing');
    expect(slugifyPost('& more')).toBe('and-more');
    expect(slugifyPost('!!!')).toBe('');
  });

  it('transliterates Bulgarian Cyrillic instead of dropping it (improvement)', () => {
    expect(slugifyPost('Как AI променя бизнеса')).toBe('kak-ai-promenya-biznesa');
    expect(slugifyPost('Автоматизация & CRM')).toBe('avtomatizatsia-and-crm');
    expect(slugifyPost('Щастливи клиенти')).toBe('shtastlivi-klienti');
  });

  it('gives an empty string for empty input', () => {
    expect(slugifyPost('')).toBe('');
    expect(slugifyPost('   ')).toBe('');
  });
});

describe('slugifyProject (spec section 5, project rule)', () => {
  it('lower-cases', () => {
    expect(slugifyProject('Real Estate CRM')).toBe('real-estate-crm');
  });

  it('removes characters other than word characters, spaces and hyphens', () => {
    expect(slugifyProject('Menu: QR, v2!')).toBe('menu-qr-v2');
    expect(slugifyProject('Gym & Fitness')).toBe('gym-fitness');
    expect(slugifyProject('keep_under-score')).toBe('keep_under-score');
  });

  it('turns each whitespace run into one hyphen', () => {
    expect(slugifyProject('villa    booking\t system')).toBe('villa-booking-system');
  });

  it("collapses a title's own hyphens so the slug is one the database accepts", () => {
    expect(slugifyProject('a - b')).toBe('a-b');
  });

  it('trims, including leading and trailing hyphens (improvement)', () => {
    expect(slugifyProject('  spaced out  ')).toBe('spaced-out');
    expect(slugifyProject('-edge-')).toBe('edge');
    expect(slugifyProject('? question ?')).toBe('question');
  });

  it('transliterates Bulgarian Cyrillic (improvement)', () => {
    expect(slugifyProject('CRM за брокери')).toBe('crm-za-brokeri');
    expect(slugifyProject('Дигитално QR меню')).toBe('digitalno-qr-menyu');
    expect(slugifyProject('Система за резервации на вили')).toBe('sistema-za-rezervatsii-na-vili');
  });
});

describe('transliterateBg (Bulgarian streamlined system)', () => {
  it('maps every letter of the Bulgarian alphabet', () => {
    expect(transliterateBg('абвгдежзийклмнопрстуфхцчшщъьюя')).toBe(
      'abvgdezhziyklmnoprstufhtschshshtayyuya',
    );
  });

  it('lower-cases capitals', () => {
    expect(transliterateBg('ЖЦЧШЩЮЯ')).toBe('zhtschshshtyuya');
  });

  it("writes a word-final 'ия' as 'ia'", () => {
    expect(transliterateBg('България')).toBe('balgaria'); // ъ → a; only the country's official name is spelled 'Bulgaria'
    expect(transliterateBg('София и Ямбол')).toBe('sofia i yambol');
    expect(transliterateBg('история и изкуство')).toBe('istoria i izkustvo');
    expect(transliterateBg('Ияна')).toBe('iyana');
  });

  it('folds Latin accents', () => {
    expect(transliterateBg('Café Crème')).toBe('cafe creme');
  });
});
