import { useState } from 'react';

/**
 * For a dialog opened by a question rather than by a trigger (a confirmation, a save's conflict):
 * remembers what had the focus when it opened and gives it back when it closes, as a dialog with a
 * trigger does. Pass the result as the dialog content's `onCloseAutoFocus`.
 */
export function useReturnFocus(): (event: Event) => void {
  const [before] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  return (event) => {
    if (before instanceof HTMLElement && before.isConnected) {
      event.preventDefault();
      before.focus();
    }
  };
}
