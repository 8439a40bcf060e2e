import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown, safeUrl } from '@/shared/ui/Markdown';

describe('Markdown', () => {
  it('renders GitHub-flavoured markdown: headings, emphasis, lists and tables', () => {
    const { container } = render(
      <Markdown>{'## Заглавие\n\n**важно** и *курсив*\n\n- едно\n- две\n\n| a | b |\n| - | - |\n| 1 | 2 |'}</Markdown>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Заглавие' })).toBeInTheDocument();
    expect(container.querySelector('strong')).toHaveTextContent('важно');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('table')).toBeInTheDocument();
  });

  it('never renders raw HTML', () => {
    const { container } = render(
      <Markdown>{'Текст <script>window.hacked = true</script> <img src=x onerror="alert(1)"> <b>bold</b>'}</Markdown>,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('makes dangerous links harmless and opens external ones safely', () => {
    render(<Markdown>{'[зло](javascript:alert(1)) [данни](data:text/html,x) [сайт](https://example.com) [вътре](/blog)'}</Markdown>);
    for (const name of ['зло', 'данни']) {
      const el = screen.getByText(name);
      expect(el.closest('a')?.getAttribute('href') ?? '').not.toMatch(/javascript|data:/i);
    }
    const external = screen.getByRole('link', { name: 'сайт' });
    expect(external).toHaveAttribute('target', '_blank');
    expect(external.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'вътре' })).toHaveAttribute('href', '/blog');
  });

  it('shows images lazily with their alt text, an uploaded photo with its copies sized to the column', () => {
    // the storage of the project the site talks to (vitest.config.ts)
    const photo = 'http://supabase.test/storage/v1/object/public/blog/posts/a1.1200x800.jpg';
    const { container } = render(
      <Markdown imageSizes="(min-width: 1024px) 600px, 100vw">{`![Екипът на работа](${photo})\n\n![Схема](/demo/schema.svg)`}</Markdown>,
    );
    const [uploaded, plain] = screen.getAllByRole('img');
    expect(uploaded).toHaveAttribute('alt', 'Екипът на работа');
    expect(uploaded).toHaveAttribute('src', photo);
    expect(uploaded).toHaveAttribute('loading', 'lazy');
    // its size from its name, so the text does not jump when it arrives
    expect(uploaded).toHaveAttribute('width', '1200');
    expect(uploaded).toHaveAttribute('height', '800');
    const source = container.querySelector('picture source')!;
    expect(source).toHaveAttribute('sizes', '(min-width: 1024px) 600px, 100vw');
    expect(source.getAttribute('srcset')).toBe(
      [240, 480, 720, 1080, 1200].map((w) => `http://supabase.test/storage/v1/object/public/blog/posts/a1.1200x800.w${w}.webp ${w}w`).join(', '),
    );
    expect(plain).toHaveAttribute('alt', 'Схема');
    expect(plain).toHaveAttribute('loading', 'lazy');
    expect(plain.closest('picture')).toBeNull();
  });

  it('never loads a picture from elsewhere than the site and its storage: it is a link to it, named by its alt text', () => {
    render(<Markdown>{'Здравейте ![Графика](https://tracker.example/pixel.gif?u=1) и ![](//other.example/a.png) край'}</Markdown>);
    expect(screen.queryAllByRole('img')).toEqual([]);
    const named = screen.getByRole('link', { name: 'Външно изображение: Графика' });
    expect(named).toHaveAttribute('href', 'https://tracker.example/pixel.gif?u=1');
    expect(named).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByRole('link', { name: 'Външно изображение' })).toHaveAttribute('href', '//other.example/a.png');
  });

  it('safeUrl keeps web, mail and relative addresses only', () => {
    expect(safeUrl('https://a.bg/x')).toBe('https://a.bg/x');
    expect(safeUrl('mailto:a@b.bg')).toBe('mailto:a@b.bg');
    expect(safeUrl('/blog/x')).toBe('/blog/x');
    expect(safeUrl('#top')).toBe('#top');
    expect(safeUrl('javascript:alert(1)')).toBe('');
    expect(safeUrl(' JaVaScRiPt:alert(1)')).toBe('');
    expect(safeUrl('vbscript:x')).toBe('');
  });
});
