// Helpers for the contact, booking and landing component tests: providers with a fresh React
// Query client, the toaster, and a recorder of what reached the chat webhook.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from '@/components/ui/toast';
import { clearToasts } from '@/components/ui/use-toast';
import { CHAT_WEBHOOK_URL, server } from './msw';

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

/** Answers the chat webhook with `status` and records every body it receives. */
export function recordWebhook(status = 204) {
  const bodies: unknown[] = [];
  server.use(
    http.post(CHAT_WEBHOOK_URL, async ({ request }) => {
      bodies.push(await request.json());
      return new HttpResponse(null, { status });
    }),
  );
  return bodies;
}
