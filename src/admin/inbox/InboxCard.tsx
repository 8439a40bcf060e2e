import { Mail, Phone } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Card } from '@/admin/kit/ui/card';
import { cn } from '@/shared/ui/cn';
import { formatPhone } from '@/shared/domain/phone';
import { ChatNotice } from './ChatNotice';
import { mailtoHref, telHref } from './format';
import type { ChatDelivery } from './types';

export interface InboxCardProps {
  /** Who wrote: the card's heading, and the name the card is known by. */
  name: string;
  /** Under the name: the company (or what stands for a missing one). */
  company: string;
  /** The heading's level where the card stands: 3 in a tab's own list, 4 in a section of a tab. */
  level: 3 | 4;
  /** The status, as a badge. */
  status: ReactNode;
  /** The card's mark of a row that waits for the admin. */
  className?: string;
  /** Whether the team chat heard of the row, and what the row is called in the notice if not. */
  delivery: ChatDelivery;
  kind: 'inquiry' | 'booking';
  /** The row's own details (Detail items), before the email and the phone. */
  details: ReactNode;
  email: string;
  phone: string;
  /** The message as it is to be shown (what stands for a missing one included). */
  message: string;
  /** What the admin can do with the row; nothing when there is nothing left to do. */
  actions?: ReactNode;
  /** Under the actions: more about the row on request (a booking's history). */
  more?: ReactNode;
}

/**
 * One inquiry or booking: who wrote and from which company, its status, the chat's notice if the
 * chat missed it, its details with links to answer by email or phone, the message, the actions and
 * what more there is to see on request.
 */
export function InboxCard({ name, company, level, status, className, delivery, kind, details, email, phone, message, actions, more }: InboxCardProps) {
  const uid = useId();
  const Title = level === 3 ? 'h3' : 'h4';
  const Subtitle = level === 3 ? 'h4' : 'h5';
  return (
    <Card className={cn('p-5', className)}>
      <article aria-labelledby={`${uid}-name`} className="grid gap-3">
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid gap-0.5">
            <Title id={`${uid}-name`} className="text-lg font-semibold text-slate-900">
              {name}
            </Title>
            <p className="text-sm text-slate-700">{company}</p>
          </div>
          {status}
        </header>
        <ChatNotice row={delivery} kind={kind} />
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {details}
          <Detail term="Имейл" className="break-all">
            <ContactLink href={mailtoHref(email)} icon={<Mail aria-hidden="true" className="size-4 shrink-0" />}>
              {email}
            </ContactLink>
          </Detail>
          <Detail term="Телефон">
            <ContactLink href={telHref(phone)} icon={<Phone aria-hidden="true" className="size-4 shrink-0" />}>
              {formatPhone(phone)}
            </ContactLink>
          </Detail>
        </dl>
        <div>
          <Subtitle className="text-sm font-medium text-slate-600">Съобщение</Subtitle>
          <p className="whitespace-pre-wrap break-words text-slate-900">{message}</p>
        </div>
        {actions && <div className="flex flex-wrap justify-end gap-2">{actions}</div>}
        {more}
      </article>
    </Card>
  );
}

/** One term of a card's details and its value. */
export function Detail({ term, className = 'text-slate-900', children }: { term: string; className?: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-slate-600">{term}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

/** A way to answer the row, or that the visitor left none (no usable address or number). */
function ContactLink({ href, icon, children }: { href: string | null; icon: ReactNode; children: ReactNode }) {
  if (!href) return <span className="text-slate-600">Не е предоставен</span>;
  return (
    <a href={href} className="inline-flex items-center gap-1 text-brand-700 underline-offset-2 hover:underline">
      {icon}
      {children}
    </a>
  );
}
