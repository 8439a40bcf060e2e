import type { LucideIcon } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { panelKeepsForm, resolvePanelAddress, tabPath, type PanelShape } from './panel-address';
import { TabPlaceContext } from './record-routes';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs';
import { FormScope, useAdminNavigate } from './unsaved-changes';

export interface PanelTab<T extends string> {
  id: T;
  /** The trigger's icon, before its name. */
  icon: LucideIcon;
  /** The trigger's name, e.g. 'Публикации'. */
  name: string;
  /** After the name, e.g. the count of new inquiries. */
  badge?: ReactNode;
  content: () => ReactNode;
}

export interface TabbedPanelProps<T extends string> {
  shape: PanelShape<T>;
  tabs: readonly PanelTab<T>[];
  /** The tab list's name, e.g. 'Раздели на панела'. */
  label: string;
  /** Mount every tab at once; otherwise each on its first visit (and its data with it). */
  mountAll?: boolean;
  /**
   * What an address of a tab the panel does not offer shows (a link to a section of another role),
   * under the tabs it does offer. Without it, such an address goes to the default tab.
   */
  elsewhere?: (tab: T) => ReactNode;
}

/**
 * The tabs of an admin panel, one address each (panel-address.ts). A tab press goes to that tab's
 * address in place of the current one: the arrow keys switch tabs too, and each press would
 * otherwise leave a history entry for Back to step through.
 *
 * A tab stays mounted once visited, hidden while another shows, and remembers where it was (a
 * list, a record's form): a half-written form survives a look at another tab, and pressing its
 * tab again returns to its address. That is also why the tabs are not child routes: a route
 * renders only what the address names, and the hidden tabs must keep their places.
 */
export function TabbedPanel<T extends string>({ shape, tabs, label, mountAll = false, elsewhere }: TabbedPanelProps<T>) {
  const location = useLocation();
  const go = useAdminNavigate();
  const address = resolvePanelAddress(shape, location.pathname, location.search);
  const shown = address && address.redirect === undefined ? address : null;
  // where each visited tab was last; a tab appears here on its first visit
  const [places, setPlaces] = useState<Partial<Record<T, string>>>(() => (shown ? { [shown.tab]: shown.path } as Partial<Record<T, string>> : {}));
  if (shown && places[shown.tab] !== shown.path) setPlaces({ ...places, [shown.tab]: shown.path });

  const placeOf = (tab: T) => places[tab] ?? tabPath(shape, tab);

  if (!shown) return <Navigate to={address?.redirect ?? tabPath(shape, shape.defaultTab)} replace />;
  const offered = tabs.some((tab) => tab.id === shown.tab);
  if (!offered && !elsewhere) return <Navigate to={tabPath(shape, shape.defaultTab) + location.search} replace />;

  return (
    <Tabs value={offered ? shown.tab : ''} onValueChange={(value) => void go(placeOf(value as T) + location.search, { replace: true })}>
      <TabsList aria-label={label}>
        {tabs.map((tab) => (
          <TabsTrigger key={tab.id} value={tab.id}>
            <tab.icon aria-hidden="true" />
            {tab.name}
            {tab.badge}
          </TabsTrigger>
        ))}
      </TabsList>
      {!offered && elsewhere?.(shown.tab)}
      {tabs.map(
        (tab) =>
          (mountAll || places[tab.id] !== undefined) && (
            // a visited tab stays mounted while hidden, so a half-written form survives a look elsewhere
            <TabsContent key={tab.id} value={tab.id} forceMount hidden={tab.id !== shown.tab} className="data-[state=inactive]:hidden">
              <TabPlace shape={shape} tab={tab.id} path={placeOf(tab.id)}>
                {tab.content()}
              </TabPlace>
            </TabsContent>
          ),
      )}
    </Tabs>
  );
}

/** Tells a tab's lists and forms where the tab is, and which addresses keep its forms on screen. */
function TabPlace<T extends string>({ shape, tab, path, children }: { shape: PanelShape<T>; tab: T; path: string; children: ReactNode }) {
  const base = tabPath(shape, tab);
  const place = useMemo(() => ({ base, path }), [base, path]);
  const stays = useMemo(() => (target: string) => panelKeepsForm(shape, tab, path, target), [shape, tab, path]);
  return (
    <TabPlaceContext.Provider value={place}>
      <FormScope stays={stays}>{children}</FormScope>
    </TabPlaceContext.Provider>
  );
}
