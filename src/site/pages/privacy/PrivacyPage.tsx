import { useEffect } from 'react';
import { PRIVACY_NOTICE_PATH } from '@/shared/config/addresses';
import { usePageMeta } from '@/shared/layout/seo';
import { privacyPageText as t } from '@/site/content/privacy';
import { preloadMarkdown } from '@/site/ui/LazyMarkdown';
import { PrivacyArticle } from './PrivacyArticle';
import { WithPrivacyFacts } from './WithPrivacyFacts';

/**
 * /poveritelnost: 'Политика за поверителност', prerendered like every public page and rendered
 * again by the publisher whenever the controller's facts, the text or a retention period changes
 * (scripts/publisher/targets.mjs). Without a published version it says so and still prints the
 * facts; a page whose data could not be read is never written (the old file stays).
 */
export default function PrivacyPage() {
  // fetch the markdown renderer while the text is on its way
  useEffect(() => preloadMarkdown(), []);
  usePageMeta({ title: t.title, description: t.description, canonicalPath: PRIVACY_NOTICE_PATH });

  return <WithPrivacyFacts>{(facts) => <PrivacyArticle facts={facts} />}</WithPrivacyFacts>;
}
