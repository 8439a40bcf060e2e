import { useSyncExternalStore, type ReactNode } from 'react';

/*
 * Toast state: one toast at a time, shown for 5000 ms; a dismissed toast is removed after a very
 * long delay (1,000,000 ms). A tiny external store, so `toast()` can be called from anywhere —
 * components, mutation callbacks, plain functions — and <Toaster/> (in the app providers) renders
 * whatever is in it with Radix Toast.
 */

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  /** 'destructive' is styled as an error and announced assertively. */
  variant?: ToastVariant;
  /** Display time in ms; defaults to 5000. */
  duration?: number;
}

export interface ToastEntry extends ToastOptions {
  id: string;
  /** False once dismissed (closed by the user, by its timer, or in code). */
  open: boolean;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (options: ToastOptions) => void;
}

let toasts: readonly ToastEntry[] = [];
let counter = 0;
/** Becomes true with the first toast; lets the app load the toaster UI only when needed. */
let anyShown = false;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: readonly ToastEntry[]): void {
  // Forget the removal timers of toasts that are no longer in the list.
  for (const [id, timer] of removalTimers) {
    if (!next.some((t) => t.id === id)) {
      clearTimeout(timer);
      removalTimers.delete(id);
    }
  }
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(id);
    setToasts(toasts.filter((t) => t.id !== id));
  }, TOAST_REMOVE_DELAY_MS);
  removalTimers.set(id, timer);
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string): void {
  const targets = toasts.filter((t) => t.open && (id === undefined || t.id === id));
  if (targets.length === 0) return;
  for (const t of targets) scheduleRemoval(t.id);
  setToasts(toasts.map((t) => (targets.includes(t) ? { ...t, open: false } : t)));
}

function updateToast(id: string, options: ToastOptions): void {
  setToasts(toasts.map((t) => (t.id === id ? { ...t, ...options } : t)));
}

/**
 * Shows a toast. A new toast replaces the one on screen (limit 1).
 *   toast({ title: 'Успешно!', description: 'Ще се свържем с вас скоро.' })
 *   toast({ title: 'Грешка', description: 'Нещо се обърка. Моля, опитайте отново.', variant: 'destructive' })
 */
export function toast(options: ToastOptions): ToastHandle {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  anyShown = true;
  setToasts([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id), update: (next) => updateToast(id, next) };
}

/** Removes every toast at once (tests, sign-out). */
export function clearToasts(): void {
  setToasts([]);
}

/** Called on every change of the toasts (the islands' runtime mounts the toaster on the first). */
export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const subscribe = subscribeToasts;

const getSnapshot = () => toasts;
const getAnyShown = () => anyShown;

/** True once any toast has been shown in this page session (stays true). */
export function useAnyToastShown(): boolean {
  return useSyncExternalStore(subscribe, getAnyShown, getAnyShown);
}

/** The current toasts plus the functions to show and dismiss them. */
export function useToast(): { toasts: readonly ToastEntry[]; toast: typeof toast; dismiss: typeof dismissToast } {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current, toast, dismiss: dismissToast };
}
