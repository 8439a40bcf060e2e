import { useEffect } from 'react';
import { formatTitle } from '@/shared/layout/title';

/**
 * An admin page's title in the browser's tab: 'Вход | Синаптика', in the site's own form. The
 * rest of the site's head (descriptions, share cards, canonical addresses) means nothing here, and
 * admin.html keeps every admin page out of search engines (robots noindex).
 */
export function useAdminTitle(title: string): void {
  useEffect(() => {
    document.title = formatTitle(title);
  }, [title]);
}
