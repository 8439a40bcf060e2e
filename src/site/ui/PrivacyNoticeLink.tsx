import { PRIVACY_NOTICE_PATH } from '@/shared/config/addresses';

/*
 * 'Политика за поверителност' beside a form's send button (GDPR Art. 13: the notice at the moment
 * of collection). A plain link that opens the notice in a new tab, so nothing typed into the form
 * is lost by reading it.
 */
export function PrivacyNoticeLink({ className = '' }: { className?: string }) {
  return (
    <p className={`text-xs text-slate-600 ${className}`}>
      Как пазим данните ви:{' '}
      <a
        href={PRIVACY_NOTICE_PATH}
        target="_blank"
        rel="noopener"
        className="rounded font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-500"
      >
        Политика за поверителност
        <span className="sr-only"> (отваря се в нов раздел)</span>
      </a>
    </p>
  );
}
