import { createContext, createElement, useContext, type ComponentType } from 'react';
import { placeholderAttributes, type Hydrate } from './protocol';

/*
 * Islands. A prerendered public page is static HTML; only its interactive parts — the
 * islands — are taken over by React in the browser, each as a root of its own
 * (src/site/islands/runtime.tsx). Everything else on the page costs no script.
 *
 * A page marks an island with <Island name component props />:
 * - while the page is prerendered (src/site/entry-server.tsx provides a collector), it renders an
 *   empty container that the prerenderer fills with the island rendered as its own root, next to
 *   the island's props and the query data it read;
 * - in the app (the pages that are not prerendered, client-side navigation, tests), it simply
 *   renders the component.
 */

export type { Hydrate };

export interface CollectedIsland {
  id: number;
  name: string;
  hydrate: Hydrate;
  element: React.ReactElement;
  props: unknown;
}

export class IslandCollector {
  islands: CollectedIsland[] = [];
  reset() {
    this.islands = [];
  }
}

export const IslandCollectorContext = createContext<IslandCollector | null>(null);

export interface IslandProps<P extends object> {
  /** The island's key in src/site/island-registry.ts, which loads its component in the browser. */
  name: string;
  /** 'load': at once (above the fold); 'visible' (default): when near the viewport or the browser is idle. */
  hydrate?: Hydrate;
  component: ComponentType<P>;
  /** Serialisable: they travel in the page as JSON. */
  props: P;
}

export function Island<P extends object>({ name, hydrate = 'visible', component, props }: IslandProps<P>) {
  const collector = useContext(IslandCollectorContext);
  const element = createElement(component, props);
  if (!collector) return element;
  const id = collector.islands.length;
  collector.islands.push({ id, name, hydrate, element, props });
  // the prerenderer finds this container by its HTML (placeholderHtml) and fills it
  return <div {...placeholderAttributes({ name, id, hydrate })} style={{ display: 'contents' }} />;
}
