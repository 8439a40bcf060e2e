import { Eye } from 'lucide-react';
import { useState } from 'react';
import { formatDateTimeBg } from '@/shared/domain/dates';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { Dialog, DialogContent } from '@/shared/ui/dialog';
import { Markdown } from '@/shared/ui/Markdown';
import { FormAlert } from '@/admin/kit/ui/FormAlert';
import { Loading } from '@/admin/kit/ui/Loading';
import { useNoticeBody, type NoticeVersion } from './api';
import { panelText as t } from './words';

/** One version's text, as the public page renders markdown, read when opened. */
function VersionDialog({ version, onClose }: { version: NoticeVersion; onClose: () => void }) {
  const body = useNoticeBody(version.version);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t.versionTitle(version.version)} description={`${formatDateTimeBg(version.created_at)} · ${version.by || t.system}`} maxWidth={760}>
        {body.isPending ? (
          <Loading size="line">Зареждане на текста...</Loading>
        ) : body.isError ? (
          <FormAlert onRetry={() => void body.refetch()} retrying={body.isFetching}>
            {t.bodyFailed}
          </FormAlert>
        ) : (
          <Markdown>{body.data}</Markdown>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** 'Версии': every published version, newest first, with its date and who published it; each viewable. */
export function NoticeVersions({ versions }: { versions: NoticeVersion[] }) {
  const [open, setOpen] = useState<NoticeVersion | null>(null);
  if (versions.length === 0) return <p className="text-sm text-slate-600">{t.versionsEmpty}</p>;
  return (
    <>
      <ol aria-label={t.versionsHeading} className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {versions.map((v, i) => (
          <li key={v.version} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
            <span className="font-semibold text-slate-900">{t.versionTitle(v.version)}</span>
            {i === 0 && <Badge variant="success">{t.current}</Badge>}
            <span className="text-sm text-slate-700">{formatDateTimeBg(v.created_at)}</span>
            <span className="text-sm text-slate-700">{v.by || t.system}</span>
            <Button variant="ghost" size="sm" className="ml-auto" onClick={() => setOpen(v)} aria-label={t.view(v.version)}>
              <Eye aria-hidden="true" />
              Виж
            </Button>
          </li>
        ))}
      </ol>
      {open && <VersionDialog version={open} onClose={() => setOpen(null)} />}
    </>
  );
}
