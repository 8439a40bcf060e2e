import type { ReactNode } from 'react';
import { privacyPageText as t } from '@/site/content/privacy';
import { usePrivacyFacts, type PrivacyFacts } from './api';

/**
 * The system's facts the notice prints (the controller, the processors, the periods, the current
 * version), read once, with the page's waiting and failing texts: the public page and the admin's
 * preview of a draft both render through it.
 */
export function WithPrivacyFacts({ children }: { children: (facts: PrivacyFacts) => ReactNode }) {
  const facts = usePrivacyFacts();
  if (facts.isPending) {
    return (
      <p role="status" className="container py-24 text-center text-slate-600">
        {t.loading}
      </p>
    );
  }
  if (facts.isError) {
    return (
      <p role="alert" className="container py-24 text-center text-slate-700">
        {t.failed}
      </p>
    );
  }
  return children(facts.data);
}
