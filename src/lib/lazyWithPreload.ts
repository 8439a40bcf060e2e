import { createElement, lazy, type ComponentType } from 'react';

type Module<P> = { default: ComponentType<P>; preloadParts?: () => Promise<unknown> };

export type PreloadableComponent<P> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * React.lazy with a `preload()`: once preloaded, the component renders straight away instead of
 * suspending. A prerendered page is hydrated only after the chunks it shows are preloaded
 * (src/main.tsx), so hydration never stalls on a chunk and every button works as soon as the
 * page is taken over. A module may export `preloadParts()` for the lazy parts it renders itself.
 */
export function lazyWithPreload<P extends object>(load: () => Promise<Module<P>>): PreloadableComponent<P> {
  let loaded: ComponentType<P> | null = null;
  const settle = (m: Module<P>) => {
    loaded = m.default;
    return m;
  };
  const Lazy = lazy(() => load().then(settle));
  const Component = ((props: P) => (loaded ? createElement(loaded, props) : createElement(Lazy, props as never))) as PreloadableComponent<P>;
  Component.preload = async () => {
    const m = settle(await load());
    await m.preloadParts?.();
  };
  return Component;
}
