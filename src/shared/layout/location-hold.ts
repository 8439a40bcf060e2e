import { useSyncExternalStore } from 'react';
import type { Location } from 'react-router-dom';

/*
 * A hold on the rendered address. The declarative router follows every Back and Forward at
 * once, and a page it stops rendering is gone with whatever was typed into it. While something
 * has to ask first (the admin's unsaved-changes question), it holds the location shown: the route
 * table keeps rendering that one, whatever the router has moved to, until the hold is released.
 * The admin's route table reads it (AdminAppRoutes: `useRoutes(adminAppRoutes, useHeldLocation() ?? location)`).
 *
 * The hold has to be in place before the router sees the step: React renders an update made in a
 * `popstate` event within that same event, and listeners on window run in the order they were
 * added. This module adds its one listener when it is first imported, which is before the
 * router is created, and hands each step to whoever intercepts them (interceptPopState).
 */

let held: Location | undefined;
const listeners = new Set<() => void>();
let interceptor: ((event: PopStateEvent) => void) | null = null;

if (typeof window !== 'undefined') {
  window.addEventListener('popstate', (event) => interceptor?.(event));
}

/**
 * Shows `intercept` every Back/Forward step before the router follows it (one interceptor at a
 * time); returns the way to stop.
 */
export function interceptPopState(intercept: (event: PopStateEvent) => void): () => void {
  interceptor = intercept;
  return () => {
    if (interceptor === intercept) interceptor = null;
  };
}

/** Renders `location` until `releaseLocation()`, whatever the router shows meanwhile. */
export function holdLocation(location: Location): void {
  held = location;
  for (const listener of listeners) listener();
}

export function releaseLocation(): void {
  if (held === undefined) return;
  held = undefined;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The location on hold, if any (undefined lets the router's own through). */
export function useHeldLocation(): Location | undefined {
  return useSyncExternalStore(subscribe, () => held, () => undefined);
}
