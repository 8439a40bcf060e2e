// Helpers for the contact, booking and landing component tests: providers with a fresh React
// Query client and the toaster.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from '@/shared/ui/toast';
import { clearToasts } from '@/shared/ui/use-toast';

export function renderWithProviders(ui: ReactNode, { route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

export function resetToasts() {
  act(() => clearToasts());
}
