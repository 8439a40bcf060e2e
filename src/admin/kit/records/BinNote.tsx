import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { adminPaths } from '@/admin/kit/navigation/addresses';
import { BIN_DAYS, type BinKind } from './bin-kinds';

/** The bin's address showing only items of `kind` (the bin list's scoped filter, use-list-state.ts). */
export const binPathFor = (kind: BinKind) => `${adminPaths.bin}?${new URLSearchParams({ 'bin.kind': kind })}`;

/**
 * A line under a list whose deletes go to the bin, so the bin can be found from where things were
 * deleted: '<Изтритите проекти са в кошчето> и остават там 30 дни.'
 */
export function BinNote({ kind, children }: { kind: BinKind; children: ReactNode }) {
  return (
    <p className="flex flex-wrap items-center gap-1.5 text-sm text-slate-700">
      <Trash2 aria-hidden="true" className="size-4 text-slate-500" />
      <Link to={binPathFor(kind)} className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
        {children}
      </Link>
      <span>и остават там {BIN_DAYS} дни.</span>
    </p>
  );
}
