import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { useAnyToastShown } from '@/shared/ui/use-toast';
import { queryClient as appQueryClient } from '@/shared/db/query-client';

// The toaster UI (Radix Toast) is fetched with the first toast, not with the landing page.
// toast() itself is a tiny store that works before the UI is loaded.
const Toaster = lazy(() => import('@/shared/ui/toast').then((m) => ({ default: m.Toaster })));

function DeferredToaster() {
  const needed = useAnyToastShown();
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/**
 * App-wide providers: React Query and the toaster. Authentication is deliberately not here: its
 * provider is mounted lazily around the login and admin routes only (see router.tsx).
 */
export function AppProviders({ children, queryClient = appQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <DeferredToaster />
    </QueryClientProvider>
  );
}
