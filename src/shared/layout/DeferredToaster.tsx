import { lazy, Suspense } from 'react';
import { useAnyToastShown } from '@/shared/ui/use-toast';

// The toaster UI (Radix Toast) is fetched with the first toast, not with the page. toast() itself
// is a tiny store that works before the UI is loaded.
const Toaster = lazy(() => import('@/shared/ui/toast').then((m) => ({ default: m.Toaster })));

/** The toaster, mounted once a toast has been shown: the site's app and the admin's both hold one. */
export function DeferredToaster() {
  const needed = useAnyToastShown();
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
