import { Eye } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import { Button } from '@/shared/ui/button';
import { toast } from '@/shared/ui/use-toast';
import { newPreviewId, previewPath, writePreview, type PreviewKind } from '@/shared/preview/preview-store';

/*
 * 'Преглед' of a long form: opens, in a new tab, the public page as it will look with the form's
 * current values, saved or not (src/shared/preview/preview-store.ts has the scheme). The values go
 * through localStorage, not the address, so the new tab needs no opener (noopener) and a long text
 * fits. Once opened, the preview follows the form: every later edit is written again shortly after.
 */

export const previewText = {
  button: 'Преглед',
  newTab: ' (отваря се в нов раздел)',
  failed: 'Прегледът не може да се отвори',
  failedDetail: 'Браузърът не позволи временния запис на черновата (място или настройки за поверителност).',
} as const;

/** How long the form waits after an edit before the open preview follows it. */
export const PREVIEW_FOLLOW_DELAY_MS = 300;

export interface PreviewButtonProps<V extends FieldValues> {
  kind: PreviewKind;
  form: UseFormReturn<V, unknown, V>;
  /** The values as the row the public page renders. */
  toData: (values: V) => unknown;
}

export function PreviewButton<V extends FieldValues>({ kind, form, toData }: PreviewButtonProps<V>) {
  const location = useLocation();
  // one preview per open form: pressing again reuses its tab's key, so that tab keeps following
  const [id, setId] = useState<string | null>(null);
  const latest = useRef({ toData, backTo: location.pathname + location.search });
  latest.current = { toData, backTo: location.pathname + location.search };

  const write = useCallback(
    (previewId: string) => writePreview(previewId, { kind, backTo: latest.current.backTo, data: latest.current.toData(form.getValues()) }),
    [form, kind],
  );

  useEffect(() => {
    if (!id) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const subscription = form.watch(() => {
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        write(id);
      }, PREVIEW_FOLLOW_DELAY_MS);
    });
    return () => {
      subscription.unsubscribe();
      if (timer !== null) clearTimeout(timer);
    };
  }, [form, id, write]);

  function open() {
    const previewId = id ?? newPreviewId();
    if (!write(previewId)) {
      toast({ title: previewText.failed, description: previewText.failedDetail, variant: 'destructive' });
      return;
    }
    setId(previewId);
    window.open(previewPath(kind, previewId), '_blank', 'noopener');
  }

  return (
    <Button variant="outline" onClick={open}>
      <Eye aria-hidden="true" />
      {previewText.button}
      <span className="sr-only">{previewText.newTab}</span>
    </Button>
  );
}
