import { NewsletterLinkPage } from './NewsletterLinkPage';

/** /newsletter/confirm/<token>: the confirmation e-mail's link; 'Потвърди' confirms. */
export default function NewsletterConfirmPage() {
  return <NewsletterLinkPage kind="confirm" />;
}
