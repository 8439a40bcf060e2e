import { createContext, useContext } from 'react';

/*
 * The two visitor dialogs (the inquiry wizard and the booking calendar) are opened from many
 * places: the header, the mobile menu, the hero, the journey and the FAQ. The public layout owns
 * them (one instance each, loaded when first needed) and hands out these openers, so pages can
 * open a dialog without importing its code.
 */
export interface SiteDialogs {
  openContact: () => void;
  openBooking: () => void;
  /** Starts fetching a dialog's code early (on hover or focus of a button that opens it). */
  preload: (dialog: 'contact' | 'booking') => void;
}

const noop: SiteDialogs = {
  openContact: () => console.warn('[site dialogs] no provider: the contact dialog cannot open here'),
  openBooking: () => console.warn('[site dialogs] no provider: the booking dialog cannot open here'),
  preload: () => {},
};

export const SiteDialogsContext = createContext<SiteDialogs>(noop);

export function useSiteDialogs(): SiteDialogs {
  return useContext(SiteDialogsContext);
}
