import { lazy, Suspense } from 'react';
import { Spinner } from '@/shared/ui/spinner';
import { dialogStore, loadBookingDialog, loadInquiryDialog, useDialogState, type DialogName } from './site-dialogs';

// The two visitor dialogs are chunks of their own, fetched on first use (or when a button that
// opens one is hovered or focused), so no page's first paint carries them.
const InquiryDialog = lazy(loadInquiryDialog);
const BookingDialog = lazy(loadBookingDialog);

function DialogLoading() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/40">
      <span className="rounded-xl bg-white p-4 shadow-xl">
        <Spinner label="Зареждане на формата" />
      </span>
    </div>
  );
}

const onOpenChange = (name: DialogName) => (next: boolean) => dialogStore.setOpen(name, next);

/** The inquiry and booking dialogs, as the dialog store says (src/site/dialogs/site-dialogs.ts). */
export function PublicDialogs() {
  const { open, mounted } = useDialogState();
  return (
    <>
      {mounted.contact && (
        <Suspense fallback={open === 'contact' ? <DialogLoading /> : null}>
          <InquiryDialog open={open === 'contact'} onOpenChange={onOpenChange('contact')} />
        </Suspense>
      )}
      {mounted.booking && (
        <Suspense fallback={open === 'booking' ? <DialogLoading /> : null}>
          <BookingDialog open={open === 'booking'} onOpenChange={onOpenChange('booking')} />
        </Suspense>
      )}
    </>
  );
}
