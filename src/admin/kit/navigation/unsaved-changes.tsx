/*
 * Unsaved changes in the admin: a form with changes that are not saved yet registers itself here,
 * and then
 *  - closing or reloading the browser tab asks through the browser's own `beforeunload` prompt;
 *  - an in-app move that would take the form off the screen asks first in an accessible dialog:
 *    a link (the site link, 'Управление на проекти' ...), a press that opens another address
 *    (useAdminNavigate: tabs, 'Редактирай', a form's way back), and the browser's Back and Forward;
 *  - a form's own back button and 'Изход' ask through `confirmLeave` / `confirmDiscard`.
 * A move that keeps the form mounted does not ask: a panel keeps each tab's place while another
 * tab shows (FormScope says which addresses keep a form), so a tab switch loses nothing.
 *
 * The app uses the declarative router (a data router's useBlocker would cost visitors ~17 kB), so
 * the guard holds the three ways itself:
 *  - links: one click listener in the capture phase, before React Router's own handler sees it;
 *  - presses: every admin navigation goes through useAdminNavigate, which asks first;
 *  - Back/Forward: the browser has moved, and the router follows in the same `popstate` event
 *    (React renders a popstate's update at once). So the guard sees the event first
 *    (shared/layout/location-hold.ts listens from before the router did) and holds the location
 *    shown: the route table keeps rendering it and the form stays mounted. It puts the address
 *    back (history.go by the distance moved, from the index the router keeps in history.state)
 *    and asks; leaving replays the move.
 */
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, type Location, type NavigateOptions } from 'react-router-dom';
import { holdLocation, interceptPopState, releaseLocation, useHeldLocation } from '@/shared/layout/location-hold';
import { useConfirm } from '../ui/use-confirm';

export const unsavedText = {
  title: 'Незапазени промени',
  message: 'Имате незапазени промени. Ако излезете сега, те ще бъдат загубени.',
  leave: 'Излез без запазване',
} as const;

/** Whether a form stays mounted when the app goes to `target` (a path with its query string). */
export type FormStays = (target: string) => boolean;

interface UnsavedChangesApi {
  /** Marks the form `id` as having (or no longer having) unsaved changes; `stays` says where it survives. */
  setDirty: (id: string, dirty: boolean, stays?: FormStays) => void;
  /** Resolves true when nothing is unsaved or the admin chose to leave anyway. */
  confirmDiscard: () => Promise<boolean>;
  /** Asks about one form only; resolves true when it may close (its changes are dropped). */
  confirmDiscardOf: (id: string) => Promise<boolean>;
  /** Whether going to `target` would take a form with unsaved changes away. */
  wouldLeave: (target: string) => boolean;
  /** Asks when going to `target` would take a form with changes away; true when the way is clear. */
  confirmNavigation: (target: string) => Promise<boolean>;
  /** The next Back/Forward step is the app's own and goes without asking (the form is saved or dropped). */
  passNextStep: () => void;
}

const UnsavedChangesContext = createContext<UnsavedChangesApi | null>(null);

/** Where the forms below survive a move; without one, a form survives only on its own path. */
const FormScopeContext = createContext<FormStays | null>(null);

export function FormScope({ stays, children }: { stays: FormStays; children: ReactNode }) {
  return <FormScopeContext.Provider value={stays}>{children}</FormScopeContext.Provider>;
}

const pathOf = (target: string) => new URL(target, 'http://app.invalid').pathname;

const goesAnywhere: FormStays = () => false;

/** The position of a history entry as React Router's browser history numbers it (null elsewhere). */
function historyIndex(state: unknown): number | null {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
}

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
  /** The forms with unsaved changes, each with where it survives. */
  const forms = useRef(new Map<string, FormStays>());
  const [anyDirty, setAnyDirty] = useState(false);
  const { confirm, dialog } = useConfirm();
  const navigate = useNavigate();
  // what the page shows: the router's location, or the one on hold while a question is open
  const routerLocation = useLocation();
  const location = useHeldLocation() ?? routerLocation;

  const setDirty = useCallback((id: string, dirty: boolean, stays: FormStays = goesAnywhere) => {
    if (dirty) forms.current.set(id, stays);
    else forms.current.delete(id);
    setAnyDirty(forms.current.size > 0);
  }, []);

  const formsLeftBy = useCallback((target: string) => [...forms.current].filter(([, stays]) => !stays(target)).map(([id]) => id), []);

  /** Asks about the forms `ids`, if any; when the admin leaves them, they no longer count. */
  const release = useCallback(
    async (ids: string[]) => {
      if (ids.length === 0) return true;
      const leave = await confirm({ title: unsavedText.title, message: unsavedText.message, confirmLabel: unsavedText.leave });
      if (leave) {
        // the admin chose to drop them: nothing asks about them again on the way out
        for (const id of ids) forms.current.delete(id);
        setAnyDirty(forms.current.size > 0);
      }
      return leave;
    },
    [confirm],
  );

  const confirmDiscard = useCallback(() => release([...forms.current.keys()]), [release]);
  const confirmDiscardOf = useCallback((id: string) => release(forms.current.has(id) ? [id] : []), [release]);
  const confirmNavigation = useCallback((target: string) => release(formsLeftBy(target)), [release, formsLeftBy]);
  const wouldLeave = useCallback((target: string) => formsLeftBy(target).length > 0, [formsLeftBy]);

  // Back and Forward (see the header). The entry shown, as of the last move the page followed.
  const shown = useRef<{ location: Location; index: number | null } | null>(null);
  const passNext = useRef(false);
  const asking = useRef(false);
  const passNextStep = useCallback(() => {
    passNext.current = true;
  }, []);
  useEffect(() => {
    // the same entry again (a hold let go of): nothing has moved
    if (shown.current?.location.key === location.key) return;
    shown.current = { location, index: historyIndex(window.history.state) };
    // a step the app let through has happened (or went by another way): the next one is checked
    passNext.current = false;
  }, [location]);

  useEffect(() => {
    const onPopState = (event: PopStateEvent) => {
      if (passNext.current) {
        passNext.current = false;
        return;
      }
      const here = shown.current;
      const arrived = historyIndex(event.state);
      if (!here || here.index === null || arrived === null || arrived === here.index) return;
      const from = here.index;
      if (asking.current) {
        // another step while the question is open: the page stays held, the address goes back too
        window.history.go(from - arrived);
        return;
      }
      const left = formsLeftBy(window.location.pathname + window.location.search);
      if (left.length === 0) return;
      // the page keeps showing the form; the address returns to it while the admin answers
      holdLocation(here.location);
      window.history.go(from - arrived);
      asking.current = true;
      void release(left).then((leave) => {
        asking.current = false;
        // by now the router is back on the form's entry, so letting go of the hold changes nothing
        releaseLocation();
        if (!leave) return;
        passNext.current = true;
        window.history.go(arrived - from);
      });
    };
    return interceptPopState(onPopState);
  }, [formsLeftBy, release]);

  useEffect(() => {
    if (!anyDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show the prompt only when returnValue is set
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      const url = sameDocumentLink(event);
      if (!url) return;
      const target = url.pathname + url.search;
      if (formsLeftBy(target).length === 0) return;
      event.preventDefault();
      event.stopPropagation();
      void confirmNavigation(target).then((leave) => {
        if (leave) void navigate(target + url.hash);
      });
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [anyDirty, formsLeftBy, confirmNavigation, navigate]);

  const api = useMemo(
    () => ({ setDirty, confirmDiscard, confirmDiscardOf, wouldLeave, confirmNavigation, passNextStep }),
    [setDirty, confirmDiscard, confirmDiscardOf, wouldLeave, confirmNavigation, passNextStep],
  );
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
  wouldLeave: () => false,
  confirmNavigation: () => Promise.resolve(true),
  passNextStep: () => {},
};

/** The registry, for actions that leave every form at once ('Изход'). */
export function useUnsavedChangesApi(): UnsavedChangesApi {
  return useContext(UnsavedChangesContext) ?? alwaysLeave;
}

export interface AdminNavigateOptions extends NavigateOptions {
  /** The form being left is saved, or the admin already chose to drop it: go without asking. */
  unguarded?: boolean;
}

/**
 * The one way the admin moves to another address from a press (tabs, 'Редактирай', a form's way
 * back): it asks first when the move would take a form with unsaved changes away. A number is a
 * step through the history, which the Back/Forward guard checks. Resolves whether it went.
 */
export function useAdminNavigate(): (to: string | number, options?: AdminNavigateOptions) => Promise<boolean> {
  const navigate = useNavigate();
  const { wouldLeave, confirmNavigation, passNextStep } = useUnsavedChangesApi();
  return useCallback(
    async (to, { unguarded = false, ...options } = {}) => {
      if (typeof to === 'number') {
        if (unguarded) passNextStep();
        void navigate(to);
        return true;
      }
      // with nothing to ask, the move happens at once (in the same task as the press)
      if (!unguarded && wouldLeave(to) && !(await confirmNavigation(to))) return false;
      void navigate(to, options);
      return true;
    },
    [navigate, wouldLeave, confirmNavigation, passNextStep],
  );
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
  const scoped = useContext(FormScopeContext);
  const { pathname } = useLocation();
  // outside a panel a form lives at the path it opened on
  const [home] = useState(pathname);
  const stays = useMemo<FormStays>(() => scoped ?? ((target) => pathOf(target) === home), [scoped, home]);
  useEffect(() => {
    setDirty(id, dirty, stays);
  }, [id, dirty, stays, setDirty]);
  useEffect(() => () => setDirty(id, false), [id, setDirty]);
  const confirmLeave = useCallback(() => confirmDiscardOf(id), [id, confirmDiscardOf]);
  return { confirmLeave };
}
