import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { DialogButton } from '@/site/layout/DialogButton';
import { ContactLinks } from '@/site/ui/ContactLinks';
import type { LinkProblem } from './api';
import { linkProblemTexts } from './texts';

/*
 * What the manage page shows when it has no booking to show: a link that opens none, the booking
 * still loading, or a booking that could not be read; and the way to a new consultation, which a
 * cancelled booking offers too.
 */

/** A new consultation (the booking dialog, in place) and the way home. */
export function NewBookingActions() {
  return (
    <div className="flex flex-wrap gap-3">
      <DialogButton dialog="booking">Запазете нова консултация</DialogButton>
      <Link to="/" className={buttonClasses({ variant: 'outline' })}>
        Към началната страница
      </Link>
    </div>
  );
}

/** Instead of the booking, for a link that opens none. */
export function LinkProblemState({ kind }: { kind: LinkProblem }) {
  const text = linkProblemTexts[kind];
  return (
    <div className="flex flex-col gap-6">
      <div role="alert" className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold text-slate-900">{text.title}</h1>
        <p className="text-slate-700">{text.description}</p>
      </div>
      <NewBookingActions />
      <div className="flex flex-col gap-2">
        <h2 className="font-semibold text-slate-900">Имате въпрос? Обадете ни се или ни пишете</h2>
        <ContactLinks />
      </div>
    </div>
  );
}

/** While the booking is read for the first time. */
export function BookingLoading() {
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Вашата консултация</h1>
      <div className="flex min-h-40 items-center justify-center">
        <Spinner size="lg" label="Зареждане..." />
      </div>
    </>
  );
}

/** The booking could not be read (not a dead link: the connection or the database failed). */
export function BookingLoadFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Вашата консултация</h1>
      <div role="alert" className="mt-6 flex flex-col items-start gap-4 rounded-lg border border-danger-700/30 bg-danger-50 p-4 text-danger-700">
        <p>
          <span className="font-semibold">Не успяхме да заредим резервацията.</span> Проверете връзката си с интернет и опитайте отново.
        </p>
        <Button variant="outline" onClick={onRetry} disabled={retrying}>
          Опитайте отново
        </Button>
      </div>
    </>
  );
}
