import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ImageUploadField } from '@/admin/kit/media/ImageUploadField';
import type { ImageVariants, VariantProgress } from '@/admin/kit/media/image-variants';
import { VariantError, VariantMakerContext, type VariantMaker } from '@/admin/kit/media/make-variants';
import { renderAdmin } from './admin-fixtures';
import { server, storage } from './msw';

const KB = 1024;
const bytes = (size: number, type: string) => new Blob([new Uint8Array(size)], { type });
/** A phone photo's size without its pixels: the fake maker never reads them, and it never goes up. */
const photo = () => Object.defineProperty(new File([new Uint8Array(64)], 'IMG_0001.JPG', { type: 'image/jpeg' }), 'size', { value: Math.round(5.4 * KB * KB) });

const VARIANTS: ImageVariants = {
  fallback: { blob: bytes(318 * KB, 'image/jpeg'), type: 'jpg', width: 1600, height: 1200 },
  copies: [
    { width: 240, height: 180, blob: bytes(12 * KB, 'image/webp') },
    { width: 480, height: 360, blob: bytes(40 * KB, 'image/webp') },
    { width: 720, height: 540, blob: bytes(96 * KB, 'image/webp') },
    { width: 1080, height: 810, blob: bytes(180 * KB, 'image/webp') },
    { width: 1600, height: 1200, blob: bytes(280 * KB, 'image/webp') },
  ],
};

/** A variant maker the test steps through: decoded at once, done when `finish()` is called. */
function steppedMaker() {
  let finish: () => void = () => {};
  const maker: VariantMaker = (_file, onProgress) =>
    new Promise((resolve) => {
      const progress = (p: VariantProgress) => onProgress?.(p);
      progress({ step: 'decoded', width: 4032, height: 3024, done: 0, total: 5 });
      progress({ step: 'made', done: 1, total: 5 });
      finish = () => resolve(VARIANTS);
    });
  return { maker, finish: () => finish() };
}

/** Storage answers; uploads wait for `release()` when `hold` is set. */
function storageAnswers({ hold = false } = {}) {
  const seen = { uploads: [] as { path: string; contentType: string | null }[] };
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.get(storage('bucket/blog-images'), () => HttpResponse.json({ id: 'blog-images', name: 'blog-images', public: true, file_size_limit: 10485760 })),
    http.post(storage('object/blog-images/*'), async ({ request }) => {
      const path = new URL(request.url).pathname.replace('/storage/v1/object/blog-images/', '');
      const form = await request.formData();
      seen.uploads.push({ path, contentType: (form.get('') as File | null)?.type ?? null });
      if (hold) await gate;
      return HttpResponse.json({ Id: 'o', Key: `blog-images/${path}` });
    }),
  );
  return { seen, release };
}

function Field({ maker, withAlt = true, altError, initial = '' }: { maker: VariantMaker; withAlt?: boolean; altError?: string; initial?: string }) {
  const [url, setUrl] = useState(initial);
  const [alt, setAlt] = useState('');
  return (
    <VariantMakerContext value={maker}>
      <ImageUploadField
        label="Основно изображение"
        value={url}
        onChange={setUrl}
        folder="projects"
        successTitle="Изображението е качено"
        {...(withAlt ? { alt, onAltChange: setAlt, altError } : {})}
      />
    </VariantMakerContext>
  );
}

const field = () => screen.getByRole('group', { name: /Основно изображение/ });
const status = () => within(field()).getByRole('status');

describe('image upload field', () => {
  it('shows the processing and the upload of each file, then the sizes before and after', async () => {
    const { maker, finish } = steppedMaker();
    const { seen, release } = storageAnswers({ hold: true });
    renderAdmin(<Field maker={maker} />);
    const user = userEvent.setup({ delay: null });

    await user.upload(screen.getByLabelText('Качи изображение'), photo());
    await waitFor(() => expect(status()).toHaveTextContent('Обработка на изображението…'));
    expect(screen.getByLabelText('Качи изображение')).toBeDisabled();

    finish();
    await waitFor(() => expect(status()).toHaveTextContent('Качване 1 от 6…'));
    // the copies go up together; the fallback, the URL the row keeps, only after them
    await waitFor(() => expect(seen.uploads).toHaveLength(5));
    expect(seen.uploads.every((u) => u.path.endsWith('.webp'))).toBe(true);
    release();

    await waitFor(() => expect(status()).toHaveTextContent('Размер: 5,4 MB → 96 KB (копието WebP 720 px, което зареждат телефоните). Общо 6 файла: 926 KB.'));
    expect(seen.uploads.map((u) => u.path.replace(/^projects\/[a-z0-9]{12}-\d{13}/, ''))).toEqual([
      '.1600x1200.w240.webp',
      '.1600x1200.w480.webp',
      '.1600x1200.w720.webp',
      '.1600x1200.w1080.webp',
      '.1600x1200.w1600.webp',
      '.1600x1200.jpg',
    ]);
    const preview = within(field()).getByRole('img');
    expect(preview.getAttribute('src')).toMatch(/^http:\/\/supabase\.test\/storage\/v1\/object\/public\/blog-images\/projects\/[a-z0-9]{12}-\d{13}\.1600x1200\.jpg$/);
    expect(screen.getByLabelText('Качи изображение')).toBeEnabled();

    // the sizes are of that upload: gone once the image is removed
    await user.click(screen.getByRole('button', { name: 'Премахни изображението' }));
    expect(status()).toBeEmptyDOMElement();
  });

  it('asks for the alt text, required while there is an image, and shows it on the preview', async () => {
    renderAdmin(<Field maker={steppedMaker().maker} altError="Опишете изображението (алтернативен текст)." initial="https://example.com/a.jpg" />);
    const user = userEvent.setup({ delay: null });
    const alt = screen.getByRole('textbox', { name: /^Алтернативен текст/ });
    expect(alt).toHaveAttribute('aria-required', 'true');
    expect(alt).toHaveAttribute('aria-invalid', 'true');
    expect(alt).toHaveAccessibleDescription(
      'Опишете какво показва изображението за хора, които не го виждат. Опишете изображението (алтернативен текст).',
    );
    const label = screen.getByText('Алтернативен текст');
    expect(label).toHaveTextContent(/^Алтернативен текст\*$/);

    await user.type(alt, 'Табло с графики');
    expect(screen.getByRole('img', { name: 'Табло с графики' })).toBeInTheDocument();

    // no image, nothing to describe
    await user.click(screen.getByRole('button', { name: 'Премахни изображението' }));
    expect(alt).not.toHaveAttribute('aria-required');
    expect(label).toHaveTextContent(/^Алтернативен текст$/);
  });

  it('has no alt field until the form passes onAltChange', () => {
    renderAdmin(<Field maker={steppedMaker().maker} withAlt={false} initial="https://example.com/a.jpg" />);
    expect(screen.queryByRole('textbox', { name: /Алтернативен текст/ })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Основно изображение' })).toBeInTheDocument();
  });

  it('says when the browser cannot read the file, and uploads nothing', async () => {
    const { seen } = storageAnswers();
    const undecodable: VariantMaker = async () => {
      throw new VariantError('undecodable', 'The source image could not be decoded.');
    };
    renderAdmin(<Field maker={undecodable} />);
    const user = userEvent.setup({ delay: null });
    await user.upload(screen.getByLabelText('Качи изображение'), new File([new Uint8Array(64)], 'IMG_0002.jpg', { type: 'image/jpeg' }));
    const text = 'Браузърът не може да прочете това изображение. Запазете го като JPEG или PNG и опитайте отново.';
    expect(await within(field()).findByRole('alert')).toHaveTextContent(text);
    const toasts = screen.getByRole('region', { name: /Известия/ });
    expect(await within(toasts).findByText('Грешка при качване')).toBeInTheDocument();
    expect(seen.uploads).toEqual([]);
    expect(status()).toBeEmptyDOMElement();
  });
});
