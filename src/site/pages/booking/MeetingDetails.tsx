import { CalendarDays } from 'lucide-react';
import type { ReactNode } from 'react';
import { isKnownTimeZone, visitorTimeZone, zoneName } from '@/shared/domain/calendar';
import { Badge, type BadgeVariant } from '@/shared/ui/badge';
import type { ManagedBooking, ManagedBookingStatus } from './api';
import { meetingText } from './texts';

const STATUS: Record<ManagedBookingStatus, { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Очаква потвърждение', variant: 'secondary' },
  confirmed: { label: 'Потвърдена', variant: 'success' },
  cancelled: { label: 'Отменена', variant: 'destructive' },
  no_show: { label: 'Пропусната', variant: 'outline' },
};

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
      <dt className="shrink-0 text-sm font-medium text-slate-600 sm:w-44">{term}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

/** The visitor's zone (the browser's, else the one recorded at booking) when it is one this browser knows. */
function ownZone(booking: ManagedBooking): string {
  return [visitorTimeZone(), booking.visitor_time_zone].find(isKnownTimeZone) ?? '';
}

export interface MeetingDetailsProps {
  /** The heading's id. */
  id: string;
  booking: ManagedBooking;
  /** The consultant's zone, and the meeting's time in it. */
  zone: string;
  when: string;
}

/**
 * The meeting: its status, its time in the consultant's zone (and the visitor's own, when that
 * differs), the consultant, and the link to meet by.
 */
export function MeetingDetails({ id, booking, zone, when }: MeetingDetailsProps) {
  const viewer = ownZone(booking);
  const ownWhen = viewer ? meetingText(new Date(booking.starts_at), new Date(booking.ends_at), viewer) : '';
  // a status this page does not know (a newer database's) shows no badge rather than a wrong one
  const status = Object.hasOwn(STATUS, booking.status) ? STATUS[booking.status] : null;
  const meetingUrl = booking.meeting_url;
  return (
    <section aria-labelledby={id} className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-5 sm:p-6">
      <h2 id={id} className="flex items-center gap-2 text-xl font-semibold text-slate-900">
        <CalendarDays aria-hidden="true" className="size-5 text-brand-700" />
        Среща
      </h2>
      <dl className="mt-4 flex flex-col gap-3">
        {status && (
          <Fact term="Статус">
            <Badge variant={status.variant}>{status.label}</Badge>
          </Fact>
        )}
        <Fact term="Дата и час">
          {when} <span className="text-slate-600">({zoneName(zone)})</span>
        </Fact>
        {ownWhen && ownWhen !== when && (
          <Fact term="Във вашето време">
            {ownWhen} <span className="text-slate-600">({viewer})</span>
          </Fact>
        )}
        <Fact term="Консултант">{booking.consultant_name}</Fact>
        {typeof meetingUrl === 'string' && meetingUrl.startsWith('https://') && (
          <Fact term="Къде">
            <a href={meetingUrl} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline underline-offset-2">
              Връзка за срещата
            </a>
            <span className="block text-sm text-slate-600">Връзката остава същата и ако срещата бъде преместена.</span>
          </Fact>
        )}
      </dl>
    </section>
  );
}
