import { ArrowLeft, CalendarCheck, Inbox, Mail, StickyNote, Workflow } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { Label } from '@/shared/ui/label';
import { Textarea } from '@/shared/ui/textarea';
import { toast } from '@/shared/ui/use-toast';
import { formatPhone } from '@/shared/domain/phone';
import { useRecheckOnDenied, writeErrorMessage } from '@/admin/kit/data/api';
import { useConsultantZone } from '@/admin/kit/data/calendar-settings';
import { Card } from '@/admin/kit/ui/card';
import { ErrorCard } from '@/admin/kit/ui/ErrorCard';
import { FormAlert } from '@/admin/kit/ui/FormAlert';
import { Loading } from '@/admin/kit/ui/Loading';
import { useConfirm } from '@/admin/kit/ui/use-confirm';
import { formatWallClockBg } from '@/admin/kit/formats/wall-clock';
import { searchContacts, useAddNote, useEraseContact, useMergeContacts, useTimeline, type Contact } from './api';
import { timelineEntries, type EntryKind } from './timeline';
import { PossibleMatches, UnconfirmedDetails } from './Unconfirmed';
import { DownloadData } from './DownloadData';

/*
 * One person's page ('/blog-admin/contacts/<id>'): who they are (the contact's own details, which
 * only an admin changes), what forms typed that differs from them and the contacts with the same
 * phone (Unconfirmed.tsx), everything that happened with them (inquiries, bookings, stage changes,
 * e-mails, notes) newest first, everything held about them as files ('Изтегли данните'), a note to
 * add, another contact to merge into this one, and the erasure of their data on request.
 */

export const contactText = {
  back: 'Назад към контактите',
  timeline: 'История',
  note: 'Нова бележка',
  noteHint: 'Бележките не се променят и не се трият: всяка пази кой и кога я е написал.',
  addNote: 'Добави бележката',
  noteAdded: 'Бележката е добавена',
  noteFailed: 'Неуспешно добавяне на бележката.',
  merge: 'Обедини с друг контакт',
  mergeHint: 'Историята и бележките на избрания контакт преминават тук. Нищо не се обединява само.',
  mergeSearch: 'Търсене на контакт',
  mergeQuestion: (name: string) => `Да обединим ли „${name}“ с този контакт? Това не може да се върне.`,
  merged: 'Контактите са обединени',
  mergeFailed: 'Неуспешно обединяване на контактите.',
  erase: 'Изтрий данните на контакта',
  eraseQuestion:
    'Запитванията, бележките и имейлите на този човек ще бъдат изтрити, а резервациите му ще останат без лични данни. Ще остане само запис, че е направено изтриване. Продължаваме ли?',
  erased: 'Данните на контакта са изтрити',
  eraseFailed: 'Неуспешно изтриване на данните.',
  empty: 'Няма записи.',
  notFound: 'Контактът не съществува (може да е обединен с друг или изтрит).',
  loading: 'Зареждане на контакта...',
  loadFailed: 'Неуспешно зареждане на контакта.',
} as const;

const ICONS: Record<EntryKind, typeof Inbox> = { inquiry: Inbox, booking: CalendarCheck, event: Workflow, mail: Mail, note: StickyNote };

export function ContactPage({ contact, onDone }: { contact: Contact | null; onDone: () => void }) {
  if (!contact) {
    return (
      <section className="grid gap-4">
        <p className="text-slate-700">Контактите се създават сами от запитванията и резервациите.</p>
        <Button variant="outline" className="justify-self-start" onClick={onDone}>
          <ArrowLeft aria-hidden="true" />
          {contactText.back}
        </Button>
      </section>
    );
  }
  return <ContactView contact={contact} onDone={onDone} />;
}

function ContactView({ contact: listed, onDone }: { contact: Contact; onDone: () => void }) {
  const uid = useId();
  const timeline = useTimeline(listed.id);
  // the contact as the page read it: an adopted detail shows at once
  const contact = timeline.data?.contact ?? listed;
  const { zone } = useConsultantZone();
  const erase = useEraseContact();
  const recheckOnDenied = useRecheckOnDenied();
  const { confirm, dialog } = useConfirm();
  const name = contact.name || contact.email || contact.phone;
  const entries = timeline.data ? timelineEntries(timeline.data, (iso) => formatWallClockBg(iso, zone)) : [];

  async function onErase() {
    if (!(await confirm({ title: contactText.erase, message: contactText.eraseQuestion, confirmLabel: 'Изтрий данните' }))) return;
    erase.mutate(contact.id, {
      onSuccess: () => {
        toast({ title: contactText.erased });
        onDone();
      },
      onError: (error) => {
        console.error('[admin] erasing a contact failed', error);
        toast({ title: 'Грешка', description: writeErrorMessage(error, contactText.eraseFailed), variant: 'destructive' });
        recheckOnDenied(error);
      },
    });
  }

  return (
    <section aria-labelledby={`${uid}-name`} className="grid gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id={`${uid}-name`} className="text-2xl font-semibold text-slate-900">
            {name}
          </h2>
          <p className="text-sm text-slate-700">{[contact.email, contact.phone && formatPhone(contact.phone)].filter(Boolean).join(' · ')}</p>
        </div>
        <Button variant="outline" onClick={onDone}>
          <ArrowLeft aria-hidden="true" />
          {contactText.back}
        </Button>
      </div>

      {timeline.data && (
        <>
          <UnconfirmedDetails timeline={timeline.data} zone={zone} />
          <PossibleMatches timeline={timeline.data} />
        </>
      )}

      <div className="grid gap-5 lg:grid-cols-[2fr_1fr]">
        <Card className="grid content-start gap-3 p-5">
          <h3 className="text-lg font-semibold text-slate-900">{contactText.timeline}</h3>
          {timeline.isPending ? (
            <Loading size="line">{contactText.loading}</Loading>
          ) : timeline.isError ? (
            <ErrorCard message={contactText.loadFailed} onRetry={() => void timeline.refetch()} retrying={timeline.isFetching} />
          ) : !timeline.data ? (
            <p className="text-slate-700">{contactText.notFound}</p>
          ) : (
            <ol className="grid gap-3" aria-label={`${contactText.timeline}: ${name}`}>
              {entries.map((entry) => {
                const Icon = ICONS[entry.kind];
                return (
                  <li key={entry.key} className="grid grid-cols-[auto_1fr] gap-x-3 border-b border-slate-100 pb-3 last:border-0">
                    <Icon aria-hidden="true" className="mt-0.5 size-4 text-slate-600" />
                    <div className="grid gap-0.5">
                      <p className="text-sm font-medium text-slate-900">{entry.title}</p>
                      <time dateTime={entry.at} className="text-xs text-slate-600">
                        {formatWallClockBg(entry.at, zone)}
                      </time>
                      {entry.sender && <p className="break-words text-xs text-slate-700">{entry.sender}</p>}
                      {entry.text && <p className="whitespace-pre-line break-words text-sm text-slate-700">{entry.text}</p>}
                    </div>
                  </li>
                );
              })}
              {entries.length === 0 && <li className="text-slate-700">{contactText.empty}</li>}
            </ol>
          )}
        </Card>
        <div className="grid content-start gap-5">
          <DownloadData contactId={contact.id} />
          <NoteForm contactId={contact.id} />
          <MergeForm contact={contact} />
          <Card className="grid gap-3 p-5">
            <Button variant="outline" className="text-danger-700" onClick={() => void onErase()} disabled={erase.isPending}>
              {contactText.erase}
            </Button>
          </Card>
        </div>
      </div>
      {dialog}
    </section>
  );
}

function NoteForm({ contactId }: { contactId: string }) {
  const uid = useId();
  const add = useAddNote();
  const recheckOnDenied = useRecheckOnDenied();
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    add.mutate(
      { contactId, body },
      {
        onSuccess: () => {
          setBody('');
          toast({ title: contactText.noteAdded });
        },
        onError: (error) => {
          console.error('[admin] adding a note failed', error);
          setProblem(writeErrorMessage(error, contactText.noteFailed));
          recheckOnDenied(error);
        },
      },
    );
  }

  return (
    <Card className="p-5">
      <form className="grid gap-2" onSubmit={onSubmit}>
        <Label htmlFor={`${uid}-note`}>{contactText.note}</Label>
        <Textarea id={`${uid}-note`} rows={4} value={body} onChange={(e) => setBody(e.target.value)} aria-describedby={`${uid}-hint`} />
        <p id={`${uid}-hint`} className="text-xs text-slate-600">
          {contactText.noteHint} {body.length}/2000
        </p>
        {problem && <FormAlert className="p-3">{problem}</FormAlert>}
        <Button type="submit" className="justify-self-start" disabled={add.isPending}>
          {contactText.addNote}
        </Button>
      </form>
    </Card>
  );
}

function MergeForm({ contact }: { contact: Contact }) {
  const uid = useId();
  const merge = useMergeContacts();
  const recheckOnDenied = useRecheckOnDenied();
  const { confirm, dialog } = useConfirm();
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<Contact[] | null>(null);

  async function onSearch(event: FormEvent) {
    event.preventDefault();
    setFound(search.trim() ? await searchContacts(search.trim(), contact.id) : []);
  }

  async function onMerge(other: Contact) {
    const otherName = other.name || other.email || other.phone;
    if (!(await confirm({ title: contactText.merge, message: contactText.mergeQuestion(otherName), confirmLabel: 'Обедини', destructive: false }))) return;
    merge.mutate(
      { keep: contact.id, other: other.id },
      {
        onSuccess: () => {
          toast({ title: contactText.merged });
          setFound(null);
          setSearch('');
        },
        onError: (error) => {
          console.error('[admin] merging contacts failed', error);
          toast({ title: 'Грешка', description: writeErrorMessage(error, contactText.mergeFailed), variant: 'destructive' });
          recheckOnDenied(error);
        },
      },
    );
  }

  return (
    <Card className="grid gap-3 p-5">
      <h3 className="font-semibold text-slate-900">{contactText.merge}</h3>
      <p className="text-sm text-slate-700">{contactText.mergeHint}</p>
      <form role="search" className="flex gap-2" onSubmit={(e) => void onSearch(e)}>
        <Label htmlFor={`${uid}-search`} className="sr-only">
          {contactText.mergeSearch}
        </Label>
        <Input id={`${uid}-search`} value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Име, имейл или телефон" />
        <Button type="submit" variant="outline">
          Търси
        </Button>
      </form>
      {found && (
        <ul className="grid gap-2" aria-label="Намерени контакти">
          {found.length === 0 && <li className="text-sm text-slate-700">Няма намерени контакти.</li>}
          {found.map((other) => (
            <li key={other.id} className="flex items-center justify-between gap-2 text-sm">
              <span>
                {other.name || other.email} <span className="text-slate-600">{other.email}</span>
              </span>
              <Button size="sm" variant="outline" onClick={() => void onMerge(other)} disabled={merge.isPending}>
                Обедини <span className="sr-only">{other.name || other.email}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </Card>
  );
}
