import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/use-toast';
import { downloadText } from '@/admin/kit/formats/csv';
import { useRecheckOnDenied, writeErrorMessage } from '@/admin/kit/data/api';
import { Card } from '@/admin/kit/ui/card';
import { exportBaseName, exportHtml, fetchContactExport } from './export';

export const downloadWords = {
  title: 'Данни на контакта',
  hint: 'Всичко, което пазим за този човек: запитвания, резервации, бележки, история, бюлетин и изпратени имейли. Изтегля се като JSON файл и като HTML страница за четене. Изтеглянето се записва в одита.',
  button: 'Изтегли данните',
  done: 'Данните са изтеглени',
  doneDescription: 'Два файла: JSON и HTML страница.',
  failed: 'Данните не бяха изтеглени.',
} as const;

/** 'Изтегли данните' on a contact's page: the export as JSON, then as a readable HTML page. */
export function DownloadData({ contactId }: { contactId: string }) {
  const [busy, setBusy] = useState(false);
  const recheckOnDenied = useRecheckOnDenied();

  async function onDownload() {
    setBusy(true);
    try {
      const data = await fetchContactExport(contactId);
      const name = exportBaseName(contactId);
      downloadText(`${JSON.stringify(data, null, 2)}\n`, `${name}.json`, 'application/json;charset=utf-8');
      downloadText(exportHtml(data), `${name}.html`, 'text/html;charset=utf-8');
      toast({ title: downloadWords.done, description: downloadWords.doneDescription });
    } catch (error) {
      console.error('[admin] exporting a contact failed', error);
      toast({ title: 'Грешка', description: writeErrorMessage(error, downloadWords.failed), variant: 'destructive' });
      recheckOnDenied(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card className="grid gap-3 p-5">
      <h3 className="font-semibold text-slate-900">{downloadWords.title}</h3>
      <p className="text-sm text-slate-700">{downloadWords.hint}</p>
      <Button variant="outline" className="justify-self-start" onClick={() => void onDownload()} disabled={busy}>
        {busy ? <Spinner size="sm" label="Изтегляне" /> : <Download aria-hidden="true" />}
        {downloadWords.button}
      </Button>
    </Card>
  );
}
