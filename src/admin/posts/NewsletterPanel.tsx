import { Mail } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/shared/ui/button';
import { formatDateTimeBg } from '@/shared/domain/dates';
import { toast } from '@/shared/ui/use-toast';
import { useRecheckOnDenied, writeErrorMessage } from '@/admin/kit/data/api';
import { FormAlert, FormWarning } from '@/admin/kit/ui/FormAlert';
import { useConfirm } from '@/admin/kit/ui/use-confirm';
import { useNewsletterActions, useNewsletterStatus, type NewsletterStatus } from './newsletter-api';
import type { AdminPost } from './types';

/** Bulgarian plural of "subscriber". */
const subscribers = (n: number) => `${n} ${n === 1 ? 'абонат' : 'абоната'}`;

function Progress({ status }: { status: NewsletterStatus }) {
  const total = status.total ?? 0;
  const sent = status.sent ?? 0;
  const waiting = (status.queued ?? 0) + (status.sending ?? 0);
  return (
    <div className="grid gap-2">
      <progress className="h-2 w-full accent-brand-600" max={Math.max(total, 1)} value={sent} aria-label="Изпратени писма" />
      <p role="status" className="text-sm text-slate-700">
        Изпратени: {sent} от {total} · В опашката: {waiting} · Неуспешни: {status.failed ?? 0} · Пропуснати: {status.skipped ?? 0}
      </p>
      {status.status === 'done' && status.finished_at && (
        <p className="text-sm text-slate-700">Изпращането завърши на {formatDateTimeBg(status.finished_at)}. Публикацията не може да се изпрати отново.</p>
      )}
      {status.status === 'sending' && <p className="text-xs text-slate-600">Писмата тръгват на партиди; неуспешните се опитват отново.</p>}
    </div>
  );
}

/**
 * Below the post editor: sending a published post to the newsletter's confirmed subscribers.
 * First a test to the admin's own address, then the send, once per post; then its progress
 * (queued, sent, failed), which the database keeps: the panel follows it while it runs and after
 * a reload. What goes out is the post as stored, so unsaved changes must be saved first.
 */
export function NewsletterPanel({ post, dirty }: { post: AdminPost; dirty: boolean }) {
  const uid = useId();
  const status = useNewsletterStatus(post.id);
  const { test, send } = useNewsletterActions(post);
  const { confirm, dialog } = useConfirm();
  const recheckOnDenied = useRecheckOnDenied();
  const published = post.is_published && !!post.published_at && new Date(post.published_at) <= new Date();
  const current = status.data;
  const tested = !!current?.tested_at && new Date(current.tested_at) >= new Date(post.updated_at);
  const problem = test.error ?? send.error;

  const onTest = () =>
    test.mutate(undefined, {
      onSuccess: (address) => toast({ title: 'Тестът е изпратен', description: `Проверете пощата на ${address}.` }),
      onError: (error) => {
        console.error('[admin] the newsletter test failed', error);
        recheckOnDenied(error);
      },
    });

  const onSend = async () => {
    const count = current?.subscribers ?? 0;
    const yes = await confirm({
      title: 'Изпращане до абонатите',
      message: `Публикацията „${post.title}“ ще бъде изпратена до ${subscribers(count)}. Всяка публикация се изпраща само веднъж.`,
      confirmLabel: 'Изпрати',
      destructive: false,
    });
    if (!yes) return;
    send.mutate(undefined, {
      onSuccess: () => toast({ title: 'Изпращането започна', description: 'Напредъкът се вижда тук.' }),
      onError: (error) => {
        console.error('[admin] the newsletter send failed', error);
        recheckOnDenied(error);
      },
    });
  };

  let body;
  if (!published) {
    body = <p className="text-sm text-slate-700">Бюлетинът се изпраща само за публикувана публикация.</p>;
  } else if (status.isPending) {
    body = <p className="text-sm text-slate-700">Зареждане…</p>;
  } else if (status.isError || !current) {
    body = <FormAlert>Състоянието на бюлетина не може да се зареди. Опитайте отново.</FormAlert>;
  } else if (current.status !== 'none') {
    body = <Progress status={current} />;
  } else {
    body = (
      <div className="grid gap-3">
        <p className="text-sm text-slate-700">Потвърдени абонати: {current.subscribers ?? 0}.</p>
        {dirty && <FormWarning>Запазете промените: изпраща се запазената публикация.</FormWarning>}
        <ol className="grid gap-3 sm:grid-cols-2" aria-label="Стъпки на изпращането">
          <li className="grid content-start gap-2">
            <p className="text-sm">1. Тест до вашия имейл{tested ? ' (изпратен)' : ''}</p>
            <Button type="button" variant="outline" onClick={onTest} disabled={dirty || test.isPending} aria-busy={test.isPending}>
              {test.isPending ? 'Изпращане…' : 'Изпрати тест до мен'}
            </Button>
          </li>
          <li className="grid content-start gap-2">
            <p className="text-sm" id={`${uid}-send-hint`}>
              2. {tested ? 'Изпращане до всички потвърдени абонати' : 'След теста: изпращане до всички потвърдени абонати'}
            </p>
            <Button
              type="button"
              onClick={() => void onSend()}
              disabled={dirty || !tested || send.isPending || (current.subscribers ?? 0) === 0}
              aria-describedby={`${uid}-send-hint`}
              aria-busy={send.isPending}
            >
              {send.isPending ? 'Започва…' : 'Изпрати до абонатите'}
            </Button>
          </li>
        </ol>
      </div>
    );
  }

  return (
    <section aria-labelledby={`${uid}-title`} className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={`${uid}-title`} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Mail aria-hidden="true" className="size-5" />
        Бюлетин
      </h2>
      {body}
      {problem && <FormAlert>{writeErrorMessage(problem, 'Изпращането не успя. Опитайте отново.')}</FormAlert>}
      {dialog}
    </section>
  );
}
