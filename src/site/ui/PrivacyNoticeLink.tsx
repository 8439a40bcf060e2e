import { PRIVACY_NOTICE_PATH } from '@/shared/config/addresses';

/*
 * 'Политика за поверителност' beside a form's send button (GDPR Art. 13: the notice at the moment
 * of collection). A plain link that opens the notice in a new tab, so nothing typed into the form
 * is lost by reading it. `tone="dark"` on a dark background (the footer's newsletter box), for
 * the same contrast there.
 */
const TONES = {
  light: {
    text: 'text-slate-600',
    link: 'text-accent-700 hover:text-teal-800 focus-visible:ring-accent-500',
  },
  dark: {
    text: 'text-slate-400',
    link: 'text-slate-200 hover:text-white focus-visible:ring-accent-400',
  },
} as const;

export function PrivacyNoticeLink({ className = '', tone = 'light' }: { className?: string; tone?: keyof typeof TONES }) {
  const colours = TONES[tone];
  return (
    <p className={`text-xs ${colours.text} ${className}`}>
      Как пазим данните ви:{' '}
      <a
        href={PRIVACY_NOTICE_PATH}
        target="_blank"
        rel="noopener"
        className={`rounded font-medium underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 ${colours.link}`}
      >
        Политика за поверителност
        <span className="sr-only"> (отваря се в нов раздел)</span>
      </a>
    </p>
  );
}
