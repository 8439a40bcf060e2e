import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { wrapIndex } from '../logic';
import type { GalleryItem } from '../types';

export interface GalleryProps {
  /** Items already sorted by order (sortGallery). */
  items: GalleryItem[];
  projectTitle: string;
}

/**
 * The project gallery: one picture at a time with previous/next arrows that wrap at both ends,
 * an 'n / total' counter and a strip of thumbnails. With focus anywhere in the carousel, the left
 * and right arrow keys move too (Home and End jump to the first and last picture).
 */
export function Gallery({ items, projectTitle }: GalleryProps) {
  const [index, setIndex] = useState(0);
  // the first image is the page's largest paint: it appears at once; later ones fade in
  const [moved, setMoved] = useState(false);
  const total = items.length;
  if (total === 0) return null;
  const current = Math.min(index, total - 1);
  const item = items[current];
  const go = (step: number) => {
    setMoved(true);
    setIndex((i) => wrapIndex(Math.min(i, total - 1), step, total));
  };
  const altOf = (it: GalleryItem, i: number) => it.title || `${projectTitle}: изображение ${i + 1}`;

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else if (event.key === 'Home') { setMoved(true); setIndex(0); }
    else if (event.key === 'End') { setMoved(true); setIndex(total - 1); }
    else return;
    event.preventDefault();
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label={`Галерия на проекта ${projectTitle}`}
      tabIndex={0}
      onKeyDown={onKeyDown}
      className="flex flex-col gap-4 rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-4"
    >
      <figure className="flex flex-col gap-3">
        <div className="relative overflow-hidden rounded-xl bg-slate-100">
          <img
            key={item.id}
            src={item.image}
            alt={altOf(item, current)}
            width={1200}
            height={800}
            fetchPriority={moved ? 'auto' : 'high'}
            className={cn('aspect-[3/2] w-full object-cover', moved && 'motion-safe:animate-fade-in')}
          />
          {total > 1 ? (
            <>
              <Button
                variant="outline"
                size="icon"
                aria-label="Предишно изображение"
                onClick={() => go(-1)}
                className="absolute left-3 top-1/2 -translate-y-1/2 bg-white/90 shadow"
              >
                <ChevronLeft aria-hidden="true" />
              </Button>
              <Button
                variant="outline"
                size="icon"
                aria-label="Следващо изображение"
                onClick={() => go(1)}
                className="absolute right-3 top-1/2 -translate-y-1/2 bg-white/90 shadow"
              >
                <ChevronRight aria-hidden="true" />
              </Button>
            </>
          ) : null}
          <p
            aria-live="polite"
            aria-atomic="true"
            className="absolute bottom-3 right-3 rounded-full bg-slate-900/80 px-3 py-1 text-sm font-medium text-white"
          >
            <span className="sr-only">Изображение </span>
            {current + 1} / {total}
          </p>
        </div>
        {item.title || item.description ? (
          <figcaption className="flex flex-col gap-1">
            {item.title ? <span className="font-semibold text-slate-900">{item.title}</span> : null}
            {item.description ? <span className="text-slate-700">{item.description}</span> : null}
          </figcaption>
        ) : null}
      </figure>

      {total > 1 ? (
        <ul className="flex gap-3 overflow-x-auto pb-1" aria-label="Миниатюри">
          {items.map((it, i) => (
            <li key={it.id} className="shrink-0">
              <button
                type="button"
                onClick={() => { setMoved(true); setIndex(i); }}
                aria-label={`Покажи изображение ${i + 1}: ${altOf(it, i)}`}
                aria-current={i === current ? 'true' : undefined}
                className={cn(
                  'block overflow-hidden rounded-lg border-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2',
                  i === current ? 'border-brand-600' : 'border-transparent opacity-80 hover:opacity-100',
                )}
              >
                <img src={it.image} alt="" width={120} height={80} loading="lazy" decoding="async" className="h-16 w-24 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
