import { useEffect } from 'react';
import { site } from '@/shared/config/site';

/**
 * An admin page's title in the browser's tab: 'Вход | Синаптика', as the site writes its own. The
 * rest of the site's head (descriptions, share cards, canonical addresses) means nothing here, and
 * admin.html keeps every admin page out of search engines (robots noindex).
 */
export function useAdminTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${site.name}`;
  }, [title]);
}
