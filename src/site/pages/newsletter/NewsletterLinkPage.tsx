import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { usePageMeta } from '@/shared/layout/seo';
import { Button, buttonClasses } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { LinkReading, LinkUnreadable, PrivateLinkPage } from '@/site/ui/LinkPageStates';
import { NewsletterLinkRefusal, useNewsletterLink, usePressLink, useResendConfirmation, type NewsletterLink, type NewsletterLinkKind } from './api';
import { failedText, pageTitles, pressLabels, resentText, stateTexts, withEmail } from './texts';

/**
 * The page a newsletter e-mail's link opens: /newsletter/confirm/<token> or
 * /newsletter/unsubscribe/<token>. Opening it changes nothing (mail scanners open every link);
 * the button does the work. An expired confirmation link offers a new e-mail. The address holds a
 * private token: the page is kept out of search and sends no referrer.
 */
export function NewsletterLinkPage({ kind }: { kind: NewsletterLinkKind }) {
  const { token = '' } = useParams();
  const query = useNewsletterLink(kind, token);
  const press = usePressLink(kind, token);
  const resend = useResendConfirmation(token);
  // what a press answered (a new state), or a refusal's state, for this token
  const [after, setAfter] = useState<NewsletterLink | null>(null);
  const [notice, setNotice] = useState<{ text: string; failed: boolean } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  usePageMeta({ title: pageTitles[kind], description: pageTitles[kind], canonicalPath: '/', noIndex: true });

  const link = after ?? query.data;
  const moved = () => requestAnimationFrame(() => heading.current?.focus());

  const onPress = () => {
    setNotice(null);
    press.mutate(undefined, {
      onSuccess: (next) => {
        setAfter(next);
        moved();
      },
      onError: (error) => {
        if (error instanceof NewsletterLinkRefusal) {
          setAfter({ state: error.state, email: link?.email });
          moved();
        } else setNotice({ text: failedText, failed: true });
      },
    });
  };

  const onResend = () => {
    setNotice(null);
    resend.mutate(undefined, {
      onSuccess: () => setNotice({ text: resentText, failed: false }),
      onError: (error) =>
        setNotice({ text: error instanceof NewsletterLinkRefusal && error.text ? error.text : failedText, failed: true }),
    });
  };

  let content;
  if (query.isPending && !after) {
    content = <LinkReading />;
  } else if (!link) {
    content = <LinkUnreadable text={failedText} onRetry={() => void query.refetch()} />;
  } else {
    const text = stateTexts[kind][link.state];
    const canResend = kind === 'confirm' && (link.state === 'expired' || link.state === 'replaced');
    content = (
      <div className="flex flex-col gap-4">
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold text-slate-900 focus:outline-none">
          {text.title}
        </h1>
        <p className="text-slate-700">{withEmail(text.description, link.email)}</p>
        <div className="flex flex-wrap gap-3">
          {link.state === 'ready' && (
            <Button onClick={onPress} disabled={press.isPending}>
              {press.isPending && <Spinner />}
              {pressLabels[kind]}
            </Button>
          )}
          {canResend && (
            <Button onClick={onResend} disabled={resend.isPending || (notice !== null && !notice.failed)}>
              {resend.isPending && <Spinner />}
              Изпрати нов имейл
            </Button>
          )}
          <Link to="/" className={buttonClasses({ variant: 'outline' })}>
            Към началната страница
          </Link>
        </div>
        <p role={notice?.failed ? 'alert' : 'status'} className={notice?.failed ? 'text-sm text-danger-700' : 'text-sm text-slate-700'}>
          {notice?.text ?? ''}
        </p>
      </div>
    );
  }

  return <PrivateLinkPage>{content}</PrivateLinkPage>;
}
