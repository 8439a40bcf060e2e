import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient as appQueryClient } from '@/shared/db/query-client';
import { DeferredToaster } from './DeferredToaster';

/**
 * The site app's providers: React Query and the toaster. The admin app (src/app/admin-boot.tsx)
 * has the toaster only at its root: its data cache starts behind the sign-in (RequireAdmin), so
 * the sign-in page carries no query library.
 */
export function AppProviders({ children, queryClient = appQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <DeferredToaster />
    </QueryClientProvider>
  );
}
