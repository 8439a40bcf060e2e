/*
 * Unsaved changes in the admin (issue 15): a form with changes that are not saved yet registers
 * itself here, and then
 *  - closing or reloading the browser tab asks through the browser's own `beforeunload` prompt;
 *  - following any link inside the app (the site link, 'Управление на проекти', 'Към
 *    администраторския панел' ...) asks first in an accessible dialog;
 *  - a form's own back button and 'Изход' ask through `confirmLeave` / `confirmDiscard`.
 * Switching the admin tabs does not ask: the tabs keep their forms mounted (AdminPage).
 *
 * The app uses the declarative router (no data router, hence no useBlocker), so links are held
 * by one click listener in the capture phase, before React Router's own handler sees the click.
 */
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useConfirm } from './use-confirm';

export const unsavedText = {
  title: 'Незапазени промени',
  message: 'Имате незапазени промени. Ако излезете сега, те ще бъдат загубени.',
  leave: 'Излез без запазване',
} as const;

interface UnsavedChangesApi {
  /** Marks the form `id` as having (or no longer having) unsaved changes. */
  setDirty: (id: string, dirty: boolean) => void;
  /** Resolves true when nothing is unsaved or the admin chose to leave anyway. */
  confirmDiscard: () => Promise<boolean>;
  /** Asks about one form only; resolves true when it may close (its changes are dropped). */
  confirmDiscardOf: (id: string) => Promise<boolean>;
}

const UnsavedChangesContext = createContext<UnsavedChangesApi | null>(null);

function sameDocumentLink(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const target = event.target;
  if (!(target instanceof Element)) return null;
  const anchor = target.closest('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  // other sites are left to the browser, which asks through beforeunload
  return url.origin === window.location.origin ? url : null;
}

/** Holds the registry and renders the question; wraps the admin routes (AuthLayout). */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const forms = useRef(new Set<string>());
  const [anyDirty, setAnyDirty] = useState(false);
  const { confirm, dialog } = useConfirm();
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search;

  const setDirty = useCallback((id: string, dirty: boolean) => {
    if (dirty) forms.current.add(id);
    else forms.current.delete(id);
    setAnyDirty(forms.current.size > 0);
  }, []);

  const ask = useCallback(
    () => confirm({ title: unsavedText.title, message: unsavedText.message, confirmLabel: unsavedText.leave }),
    [confirm],
  );

  const confirmDiscard = useCallback(async () => {
    if (forms.current.size === 0) return true;
    const leave = await ask();
    if (leave) {
      // the admin chose to drop them: nothing asks again on the way out
      forms.current.clear();
      setAnyDirty(false);
    }
    return leave;
  }, [ask]);

  const confirmDiscardOf = useCallback(
    async (id: string) => {
      if (!forms.current.has(id)) return true;
      const leave = await ask();
      if (leave) setDirty(id, false);
      return leave;
    },
    [ask, setDirty],
  );

  useEffect(() => {
    if (!anyDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show the prompt only when returnValue is set
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      const url = sameDocumentLink(event);
      if (!url || url.pathname + url.search === here) return;
      event.preventDefault();
      event.stopPropagation();
      void confirmDiscard().then((leave) => {
        if (leave) navigate(url.pathname + url.search + url.hash);
      });
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [anyDirty, here, confirmDiscard, navigate]);

  const api = useMemo(() => ({ setDirty, confirmDiscard, confirmDiscardOf }), [setDirty, confirmDiscard, confirmDiscardOf]);
  return (
    <UnsavedChangesContext.Provider value={api}>
      {children}
      {dialog}
    </UnsavedChangesContext.Provider>
  );
}

const alwaysLeave: UnsavedChangesApi = {
  setDirty: () => {},
  confirmDiscard: () => Promise.resolve(true),
  confirmDiscardOf: () => Promise.resolve(true),
};

/** The registry, for actions that leave every form at once ('Изход'). */
export function useUnsavedChangesApi(): UnsavedChangesApi {
  return useContext(UnsavedChangesContext) ?? alwaysLeave;
}

/**
 * Registers a form's unsaved state (react-hook-form's `formState.isDirty`, or what the form
 * compares) while it is mounted. `confirmLeave` is for the form's own back or cancel button:
 *
 *   const { confirmLeave } = useUnsavedChanges(form.formState.isDirty);
 *   <Button onClick={async () => (await confirmLeave()) && onDone()}>Назад към публикациите</Button>
 */
export function useUnsavedChanges(dirty: boolean): { confirmLeave: () => Promise<boolean> } {
  const id = useId();
  const { setDirty, confirmDiscardOf } = useUnsavedChangesApi();
  useEffect(() => {
    setDirty(id, dirty);
  }, [id, dirty, setDirty]);
  useEffect(() => () => setDirty(id, false), [id, setDirty]);
  const confirmLeave = useCallback(() => confirmDiscardOf(id), [id, confirmDiscardOf]);
  return { confirmLeave };
}
