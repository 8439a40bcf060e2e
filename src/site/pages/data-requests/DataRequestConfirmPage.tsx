import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { DATA_REQUEST_PATH } from '@/shared/config/addresses';
import { usePageMeta } from '@/shared/layout/seo';
import { Button, buttonClasses } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { LinkReading, LinkUnreadable, PrivateLinkPage } from '@/site/ui/LinkPageStates';
import { confirmDataRequest, fetchDataRequestLink, type DataRequestLink } from './api';
import { confirmLabel, confirmTitle, failedText, pageText, stateText } from './texts';

/**
 * /lichni-danni/potvardi/<token>: the page a data request's e-mail links to. Opening it changes
 * nothing (mail scanners open every link); it says what will be confirmed, and only its button
 * confirms, then says the request is received and by when it is answered. The address holds a
 * private token: the page is kept out of search and sends no referrer (never prerendered).
 */
export default function DataRequestConfirmPage() {
  const { token = '' } = useParams();
  // the token is kept in memory only
  const query = useQuery({ queryKey: ['data-request-link', token], queryFn: () => fetchDataRequestLink(token), retry: 1 });
  const press = useMutation({ mutationFn: () => confirmDataRequest(token) });
  const [after, setAfter] = useState<DataRequestLink | null>(null);
  const [failed, setFailed] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  usePageMeta({ title: confirmTitle, description: confirmTitle, canonicalPath: '/', noIndex: true });

  const onPress = () => {
    setFailed(false);
    press.mutate(undefined, {
      onSuccess: (next) => {
        // a refusal knows only the state: the kind and address stay those the page showed
        setAfter({ ...query.data, ...next, email: next.email ?? query.data?.email });
        requestAnimationFrame(() => heading.current?.focus());
      },
      onError: () => setFailed(true),
    });
  };

  const link = after ?? query.data;
  let content;
  if (query.isPending && !after) {
    content = <LinkReading />;
  } else if (!link) {
    content = <LinkUnreadable text={failedText} onRetry={() => void query.refetch()} />;
  } else {
    const text = stateText(link.state, link);
    content = (
      <div className="flex flex-col gap-4">
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold text-slate-900 focus:outline-none">
          {text.title}
        </h1>
        <p className="text-slate-700">{text.description}</p>
        <div className="flex flex-wrap gap-3">
          {link.state === 'ready' && (
            <Button onClick={onPress} disabled={press.isPending}>
              {press.isPending && <Spinner size="sm" label="Потвърждаване" />}
              {confirmLabel}
            </Button>
          )}
          {link.state === 'expired' && (
            <a href={DATA_REQUEST_PATH} className={buttonClasses()}>
              {pageText.title}
            </a>
          )}
          <Link to="/" className={buttonClasses({ variant: 'outline' })}>
            Към началната страница
          </Link>
        </div>
        <p role="alert" className="text-sm text-danger-700">
          {failed ? failedText : ''}
        </p>
      </div>
    );
  }

  return <PrivateLinkPage>{content}</PrivateLinkPage>;
}
