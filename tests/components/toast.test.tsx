import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/shared/layout/AppProviders';
import { Toaster } from '@/shared/ui/toast';
import {
  clearToasts,
  dismissToast,
  toast,
  TOAST_DURATION_MS,
  TOAST_REMOVE_DELAY_MS,
  useToast,
} from '@/shared/ui/use-toast';

function toastRegion() {
  // Radix renders the viewport as a labelled region holding an ordered list of toasts.
  return screen.getByRole('region', { name: /Известия/ });
}

describe('toasts', () => {
  afterEach(() => {
    act(() => clearToasts());
    vi.useRealTimers();
  });

  it('shows a toast with its title and description', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Успешно!', description: 'Ще се свържем с вас скоро.' });
    });
    const region = toastRegion();
    expect(within(region).getByText('Успешно!')).toBeInTheDocument();
    expect(within(region).getByText('Ще се свържем с вас скоро.')).toBeInTheDocument();
  });

  it('shows only one toast at a time: the second replaces the first', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Първо известие' });
    });
    act(() => {
      toast({ title: 'Грешка', description: 'Нещо се обърка. Моля, опитайте отново.', variant: 'destructive' });
    });
    const region = toastRegion();
    expect(within(region).queryByText('Първо известие')).not.toBeInTheDocument();
    expect(within(region).getByText('Грешка')).toBeInTheDocument();
    expect(within(region).getAllByRole('listitem')).toHaveLength(1);
  });

  it('closes after 5000 ms and is dropped from state after 1,000,000 ms', () => {
    vi.useFakeTimers();
    let state: ReturnType<typeof useToast> | undefined;
    function Probe() {
      state = useToast();
      return null;
    }
    render(
      <>
        <Toaster />
        <Probe />
      </>,
    );
    act(() => {
      toast({ title: 'Временно' });
    });
    expect(within(toastRegion()).getByText('Временно')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS + 50);
    });
    expect(within(toastRegion()).queryByText('Временно')).not.toBeInTheDocument();
    expect(state?.toasts).toHaveLength(1);
    expect(state?.toasts[0]?.open).toBe(false);

    act(() => {
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    });
    expect(state?.toasts).toHaveLength(0);
  });

  it('can be dismissed in code and by its close button', async () => {
    render(<Toaster />);
    act(() => {
      dismissToast();
      toast({ title: 'Затвори ме' });
    });
    const close = within(toastRegion()).getByRole('button', { name: 'Затвори известието' });
    act(() => close.click());
    expect(within(toastRegion()).queryByText('Затвори ме')).not.toBeInTheDocument();

    let handle: ReturnType<typeof toast> | undefined;
    act(() => {
      handle = toast({ title: 'И мен' });
    });
    expect(within(toastRegion()).getByText('И мен')).toBeInTheDocument();
    act(() => handle?.dismiss());
    expect(within(toastRegion()).queryByText('И мен')).not.toBeInTheDocument();
  });

  it('the app providers load the toaster with the first toast', async () => {
    render(
      <AppProviders>
        <p>Страница</p>
      </AppProviders>,
    );
    act(() => {
      toast({ title: 'Успешно влизане' });
    });
    const region = await screen.findByRole('region', { name: /Известия/ });
    expect(await within(region).findByText('Успешно влизане')).toBeInTheDocument();
  });
});
