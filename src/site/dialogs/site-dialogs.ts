import { useSyncExternalStore } from 'react';

/*
 * The two visitor dialogs (the inquiry wizard and the booking calendar) are opened from many
 * places: the header, the mobile menu, the hero, the journey and the FAQ. One small store says
 * which is open; whoever hosts the dialogs (the public layout in the app, the overlay root on a
 * prerendered page, see src/site/islands/runtime.tsx) renders from it. So an island, a plain button of
 * the static HTML (data-site-dialog, see src/site/islands/delegates.ts) and a page of the app all open
 * the same dialog without importing its code.
 */
export type DialogName = 'contact' | 'booking';

export interface DialogState {
  open: DialogName | null;
  /** Dialogs opened at least once: they stay mounted so a closed wizard keeps its place. */
  mounted: Record<DialogName, boolean>;
}

export interface SiteDialogs {
  openInquiry: () => void;
  openBooking: () => void;
  /** Starts fetching a dialog's code early (on hover or focus of a button that opens it). */
  preload: (dialog: DialogName) => void;
}

let state: DialogState = { open: null, mounted: { contact: false, booking: false } };
const listeners = new Set<() => void>();

function set(next: DialogState) {
  state = next;
  listeners.forEach((l) => l());
}

export const dialogStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  show(name: DialogName) {
    set({ open: name, mounted: state.mounted[name] ? state.mounted : { ...state.mounted, [name]: true } });
  },
  /** Back to nothing opened (tests: the store outlives one render). */
  reset() {
    set({ open: null, mounted: { contact: false, booking: false } });
  },
  setOpen(name: DialogName, open: boolean) {
    if (open) dialogStore.show(name);
    else if (state.open === name) set({ ...state, open: null });
  },
};

export const loadInquiryDialog = () => import('./inquiry/InquiryDialog');
export const loadBookingDialog = () => import('./booking/BookingDialog');

export const siteDialogs: SiteDialogs = {
  openInquiry: () => dialogStore.show('contact'),
  openBooking: () => dialogStore.show('booking'),
  preload: (name) => {
    void (name === 'contact' ? loadInquiryDialog() : loadBookingDialog()).catch(() => {});
  },
};

export function useSiteDialogs(): SiteDialogs {
  return siteDialogs;
}

export function useDialogState(): DialogState {
  return useSyncExternalStore(dialogStore.subscribe, dialogStore.get, dialogStore.get);
}
