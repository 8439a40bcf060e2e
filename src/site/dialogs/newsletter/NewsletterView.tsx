import { Check } from 'lucide-react';
import type { FormEventHandler, InputHTMLAttributes, ReactNode, Ref } from 'react';
import { describedBy, errorId } from '@/shared/ui/form-field';
import { Input } from '@/shared/ui/input';
import { PrivacyNoticeLink } from '@/site/ui/PrivacyNoticeLink';
import { NEWSLETTER_WORDING } from './consent';

/** Said after a sign-up, until the next one: the address must still be confirmed. */
export const NEWSLETTER_CHECK_INBOX = 'Изпратихме ви имейл: потвърдете абонамента от връзката в него.';

/** How long 'Готово!' stays before the box returns to normal. */
export const NEWSLETTER_CONFIRM_MS = 3000;

export interface NewsletterViewProps {
  /** useId() of the box: the title and the field's ids derive from it. */
  id: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  inputRef: Ref<HTMLInputElement>;
  /** The field's own props: static ones before the form library arrives, register()'s after. */
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>;
  done?: boolean;
  /** The sign-up is on its way to the database. */
  busy?: boolean;
  /** A sign-up went through: say that a confirmation e-mail is on its way. */
  sent?: boolean;
  error?: string;
  /** Events that wake the full form (the static box only). */
  wake?: () => void;
  /** A pointer pressed on the box (the static box only: it holds the take-over until the click). */
  onPress?: () => void;
}

/**
 * The newsletter box's markup, the same before and after its form module loads (the footer shows
 * the static one on first paint, see src/site/layout/NewsletterBox.tsx). Holds no form library.
 */
export function NewsletterView({ id, onSubmit, inputRef, inputProps, done = false, busy = false, sent = false, error, wake, onPress }: NewsletterViewProps): ReactNode {
  const fieldId = `${id}-email`;
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onFocus={wake}
      onPointerEnter={wake}
      onPointerDown={onPress}
      onTouchStart={wake}
      onKeyDown={wake}
      className="space-y-3"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="text-base font-semibold text-white">
        Бюлетин
      </h2>
      <p className="text-sm text-slate-300">{NEWSLETTER_WORDING.lead}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={fieldId} className="sr-only">
          Имейл за бюлетина
        </label>
        <Input
          {...inputProps}
          ref={inputRef}
          id={fieldId}
          type="email"
          required
          autoComplete="email"
          placeholder="вашият@имейл.bg"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fieldId, false, !!error)}
        />
        <button
          type="submit"
          aria-disabled={busy || undefined}
          className="inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-md bg-accent-700 px-4 text-sm font-medium text-white shadow-sm transition-colors hover:bg-teal-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:ring-offset-2 focus-visible:ring-offset-slate-900 [&_svg]:size-4"
        >
          {done ? (
            <>
              <Check aria-hidden="true" />
              Готово!
            </>
          ) : (
            'Абонирайте се'
          )}
        </button>
      </div>
      {error && (
        <p id={errorId(fieldId)} className="text-sm text-red-300">
          {error}
        </p>
      )}
      <p role="status" className="min-h-5 text-sm text-accent-400">
        {done ? 'Благодарим ви за абонамента!' : ''}
        {sent ? ` ${NEWSLETTER_CHECK_INBOX}` : ''}
      </p>
      <p className="text-xs text-slate-400">{NEWSLETTER_WORDING.terms}</p>
      <PrivacyNoticeLink tone="dark" />
    </form>
  );
}
