import { render } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Picture } from '@/shared/ui/picture';

const PHOTO = 'https://cdn.test/storage/v1/object/public/projects/k3j9x-1732000000000.1600x1200.jpg';
const COPIES = [240, 480, 720, 1080, 1600].map((w) => `https://cdn.test/storage/v1/object/public/projects/k3j9x-1732000000000.1600x1200.w${w}.webp ${w}w`);
const SIZES = '(min-width: 1024px) 400px, calc(100vw - 2rem)';

describe('Picture', () => {
  it('shows any other URL as a plain lazy <img>', () => {
    const { container } = render(<Picture src="/demo/post-1.svg" alt="Схема" sizes={SIZES} width={1200} height={630} className="w-full" />);
    expect(container.querySelector('picture, source')).toBeNull();
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('src', '/demo/post-1.svg');
    expect(img).toHaveAttribute('alt', 'Схема');
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('height', '630');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).not.toHaveAttribute('fetchpriority');
    expect(img).toHaveClass('w-full');
  });

  it('offers an uploaded photo\'s WebP copies with the sizes given, the stored JPEG as the <img>', () => {
    const { container } = render(<Picture src={PHOTO} alt="Табло" sizes={SIZES} width={1200} height={800} className="aspect-[3/2] w-full" />);
    const picture = container.querySelector('picture')!;
    // no box of its own: the <img> lays out as it would alone
    expect(picture).toHaveClass('contents');
    expect(picture.children).toHaveLength(2);
    const source = picture.querySelector('source')!;
    expect(source).toHaveAttribute('type', 'image/webp');
    expect(source).toHaveAttribute('srcset', COPIES.join(', '));
    expect(source).toHaveAttribute('sizes', SIZES);
    const img = picture.querySelector('img')!;
    expect(img).toHaveAttribute('src', PHOTO);
    expect(img).toHaveAttribute('alt', 'Табло');
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveClass('aspect-[3/2]', 'w-full');
    expect(img).not.toHaveAttribute('srcset');
  });

  it('a priority picture is fetched first and never lazy; an eager one at once without the boost', () => {
    const html = renderToStaticMarkup(<Picture src={PHOTO} alt="" sizes={SIZES} width={1200} height={800} priority />);
    expect(html).toContain('fetchPriority="high"');
    expect(html).not.toContain('loading=');
    // inside a <picture> React adds no preload of its own: the page's head has the right one
    expect(html).not.toContain('<link');
    const { container } = render(<Picture src={PHOTO} alt="" sizes={SIZES} width={1200} height={800} eager />);
    expect(container.querySelector('img')).toHaveAttribute('loading', 'eager');
    expect(container.querySelector('img')).not.toHaveAttribute('fetchpriority');
  });

  it('a minor picture (a thumbnail beside the main one) is lazy and asks for low priority', () => {
    const { container } = render(<Picture src={PHOTO} alt="" sizes="96px" width={120} height={80} minor />);
    expect(container.querySelector('img')).toHaveAttribute('loading', 'lazy');
    expect(container.querySelector('img')).toHaveAttribute('fetchpriority', 'low');
  });

  it('without sizes the picture is taken to be `width` wide; without a size, the photo\'s name gives it', () => {
    const { container } = render(
      <>
        <Picture src={PHOTO} alt="" width={64} height={64} />
        <Picture src={PHOTO} alt="" sizes="100vw" />
      </>,
    );
    const [fixed, free] = container.querySelectorAll('picture');
    expect(fixed.querySelector('source')).toHaveAttribute('sizes', '64px');
    expect(free.querySelector('img')).toHaveAttribute('width', '1600');
    expect(free.querySelector('img')).toHaveAttribute('height', '1200');
  });
});
