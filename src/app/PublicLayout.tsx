import { lazy, Suspense, useMemo, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { lazyWithPreload } from '@/lib/lazyWithPreload';
import { SiteDialogsContext, type SiteDialogs } from '@/lib/siteDialogs';
import { SiteHeader } from './layout/SiteHeader';

// The two visitor dialogs are chunks of their own, fetched on first use (or when a button that
// opens one is hovered or focused), so the landing page's first paint stays small.
const loadContactDialog = () => import('@/features/contact/ContactDialog');
const loadBookingDialog = () => import('@/features/booking/BookingDialog');
const ContactDialog = lazy(loadContactDialog);
// The footer is always below the fold (main is at least a screen tall): it need not block the paint.
const SiteFooter = lazyWithPreload(() => import('./layout/SiteFooter').then((m) => ({ default: m.SiteFooter })));

/** The layout's own lazily loaded parts that every public page shows (the footer). */
export const preloadPublicLayoutParts = () => SiteFooter.preload();
const BookingDialog = lazy(loadBookingDialog);

type DialogName = 'contact' | 'booking';

function DialogLoading() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/40">
      <span className="rounded-xl bg-white p-4 shadow-xl">
        <Spinner label="Зареждане на формата" />
      </span>
    </div>
  );
}

/**
 * The frame of the public pages (/, /blog, /project/…, /resources, the 404): the fixed site
 * header, the main landmark and the footer, plus the inquiry and booking dialogs that any of
 * them may open (see useSiteDialogs).
 */
export function PublicLayout() {
  const [open, setOpen] = useState<DialogName | null>(null);
  const [mounted, setMounted] = useState<Record<DialogName, boolean>>({ contact: false, booking: false });

  const dialogs = useMemo<SiteDialogs>(() => {
    const show = (name: DialogName) => {
      setMounted((m) => (m[name] ? m : { ...m, [name]: true }));
      setOpen(name);
    };
    return {
      openContact: () => show('contact'),
      openBooking: () => show('booking'),
      preload: (name) => {
        void (name === 'contact' ? loadContactDialog() : loadBookingDialog()).catch(() => {});
      },
    };
  }, []);

  const onOpenChange = (name: DialogName) => (next: boolean) => setOpen(next ? name : null);

  return (
    <SiteDialogsContext.Provider value={dialogs}>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="min-h-screen pt-20">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
      {mounted.contact && (
        <Suspense fallback={open === 'contact' ? <DialogLoading /> : null}>
          <ContactDialog open={open === 'contact'} onOpenChange={onOpenChange('contact')} />
        </Suspense>
      )}
      {mounted.booking && (
        <Suspense fallback={open === 'booking' ? <DialogLoading /> : null}>
          <BookingDialog open={open === 'booking'} onOpenChange={onOpenChange('booking')} />
        </Suspense>
      )}
    </SiteDialogsContext.Provider>
  );
}
