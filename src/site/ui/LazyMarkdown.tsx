import { lazy, Suspense } from 'react';
import { Spinner } from '@/shared/ui/spinner';
import type { MarkdownProps } from '@/shared/ui/Markdown';

/*
 * The markdown renderer (react-markdown + remark-gfm, about 50 kB gzipped) as a chunk of its own,
 * so pages that show markdown render their frame first and fetch the renderer in parallel with
 * their data instead of before it. Same component, same safety: this only defers loading.
 */
const load = () => import('@/shared/ui/Markdown');
const MarkdownChunk = lazy(() => load().then((m) => ({ default: m.Markdown })));

/** Starts fetching the renderer now (call it when a page that will need it starts loading data). */
export function preloadMarkdown(): void {
  void load().catch(() => {
    // a failed preload is retried by the lazy component itself
  });
}

/** <Markdown>, loaded on demand; shows a small spinner for the moment the chunk is on its way. */
export function LazyMarkdown(props: MarkdownProps) {
  return (
    <Suspense fallback={<Spinner size="sm" label="Зареждане на съдържанието" className={props.className} />}>
      <MarkdownChunk {...props} />
    </Suspense>
  );
}
