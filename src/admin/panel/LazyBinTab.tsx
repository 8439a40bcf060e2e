import { lazy, Suspense } from 'react';
import { Spinner } from '@/shared/ui/spinner';

// the bin comes with its tab's first visit only: the panel's first load does not carry it
const BinTab = lazy(() => import('../bin/BinTab').then((module) => ({ default: module.BinTab })));

/** The 'Кошче' tab as the panel registers it: its code loads when the tab is first shown. */
export function LazyBinTab() {
  return (
    <Suspense
      fallback={
        <p className="flex items-center gap-3 py-8 text-slate-700" role="status">
          <Spinner size="sm" label="Зареждане" />
          Зареждане на кошчето...
        </p>
      }
    >
      <BinTab />
    </Suspense>
  );
}
