import { ChevronDown, ChevronUp, Share2 } from 'lucide-react';
import { useCallback } from 'react';
import { Button } from '@/shared/ui/button';
import { toast } from '@/shared/ui/use-toast';
import { resourceArticles, type ResourceArticle } from '@/site/content/resources';
import { useNavigateTo } from '@/shared/layout/nav';
import { resourcePath } from '@/shared/config/addresses';
import { neighbourIndex } from './logic';
import { useWheelNavigation } from './use-wheel-navigation';

async function shareArticle(article: ResourceArticle) {
  const url = `${window.location.origin}${resourcePath(article.slug)}`;
  try {
    if (typeof navigator.share === 'function') {
      await navigator.share({ title: article.title, text: article.description, url });
      return;
    }
    await navigator.clipboard.writeText(url);
    toast({ title: 'Връзката е копирана', description: url });
  } catch (error) {
    // Closing the share sheet rejects with AbortError: nothing to report.
    if ((error as { name?: string } | null)?.name !== 'AbortError') console.warn('[resources] share failed', error);
  }
}

/** The article's 'Share' button (an island of the prerendered article). */
export function ResourceShare({ index }: { index: number }) {
  return (
    <Button variant="outline" size="sm" onClick={() => void shareArticle(resourceArticles[index])}>
      <Share2 aria-hidden="true" />
      Share
    </Button>
  );
}

/**
 * Previous / next beside the article, and the wheel past the top or bottom of the page moving to
 * the neighbouring article (an island that hydrates at once: the wheel works from the start).
 */
export function ResourceNav({ index }: { index: number }) {
  const navigate = useNavigateTo();
  const previous = neighbourIndex(index, -1, resourceArticles.length);
  const next = neighbourIndex(index, 1, resourceArticles.length);
  const goTo = useCallback(
    (target: number | null) => {
      if (target !== null) navigate(resourcePath(resourceArticles[target].slug));
    },
    [navigate],
  );
  useWheelNavigation(
    useCallback((direction: -1 | 1) => goTo(neighbourIndex(index, direction, resourceArticles.length)), [goTo, index]),
  );

  return (
    <div className="flex flex-col gap-2 md:sticky md:top-24 md:self-start" role="group" aria-label="Навигация между статиите">
      <Button variant="outline" size="icon" aria-label="Предишна статия" disabled={previous === null} onClick={() => goTo(previous)}>
        <ChevronUp aria-hidden="true" />
      </Button>
      <span className="text-center text-sm text-slate-600">
        <span aria-hidden="true">
          {index + 1}/{resourceArticles.length}
        </span>
        <span className="sr-only">
          Статия {index + 1} от {resourceArticles.length}
        </span>
      </span>
      <Button variant="outline" size="icon" aria-label="Следваща статия" disabled={next === null} onClick={() => goTo(next)}>
        <ChevronDown aria-hidden="true" />
      </Button>
    </div>
  );
}
