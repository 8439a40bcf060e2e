import { History } from 'lucide-react';
import { Button } from '@/shared/ui/button';

export interface DraftOfferText {
  /** 'Имате незапазена чернова от …'. */
  found: string;
  /** Said when the stored record changed after the draft was taken; null when it did not. */
  changedSince: string | null;
  restore: string;
  discard: string;
}

/**
 * The offer of a local draft found when an editor opens: what was found, whether the record
 * changed since, and the two answers. Announced at once (role alert), above the form.
 */
export function DraftOffer({ text, onRestore, onDiscard }: { text: DraftOfferText; onRestore: () => void; onDiscard: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-start gap-3 rounded-md border border-brand-300 bg-brand-50 p-4 text-sm text-slate-800">
      <History aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="font-semibold">{text.found}</p>
        {text.changedSince && <p>{text.changedSince}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onRestore}>
          {text.restore}
        </Button>
        <Button size="sm" variant="outline" onClick={onDiscard}>
          {text.discard}
        </Button>
      </div>
    </div>
  );
}
