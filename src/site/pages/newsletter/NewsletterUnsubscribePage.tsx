import { NewsletterLinkPage } from './NewsletterLinkPage';

/** /newsletter/unsubscribe/<token>: the link in every newsletter; 'Отпиши ме' unsubscribes. */
export default function NewsletterUnsubscribePage() {
  return <NewsletterLinkPage kind="unsubscribe" />;
}
