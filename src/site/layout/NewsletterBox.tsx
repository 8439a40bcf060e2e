import { useId, useRef, useState, type ComponentType, type FormEvent } from 'react';
import type { NewsletterStart } from '@/site/dialogs/newsletter/NewsletterForm';
import { NewsletterView } from '@/site/dialogs/newsletter/NewsletterView';

export { NEWSLETTER_CONFIRM_MS } from '@/site/dialogs/newsletter/NewsletterView';

type LiveForm = ComponentType<{ id: string; start: NewsletterStart }>;

let loading: Promise<LiveForm> | null = null;

/** The box's form module (react-hook-form and zod with it), fetched once. */
export function loadNewsletterForm(): Promise<LiveForm> {
  loading ??= import('@/site/dialogs/newsletter/NewsletterForm').then((m) => m.NewsletterForm);
  // a failed fetch may be retried on the next touch
  loading.catch(() => (loading = null));
  return loading;
}

/**
 * The footer's newsletter box: a required e-mail; a valid one is sent to the database, which
 * mails a confirmation link (double opt-in, docs/newsletter.md). Then the button reads 'Готово!'
 * with 'Благодарим ви за абонамента!' and that a confirmation e-mail is on its way, the field is
 * cleared, and after 3 seconds the button returns to normal.
 *
 * The footer is on every page's first paint, the form libraries must never be: this
 * paints the static markup, and the first focus, pointer or touch on the box fetches the
 * react-hook-form version (../dialogs/newsletter/NewsletterForm), which takes over with what
 * was typed, the focus, and a submit asked for while it was on its way. Not fetched when idle:
 * a visitor who never touches the box never pays for it.
 */
export function NewsletterBox() {
  const id = useId();
  const [live, setLive] = useState<{ Form: LiveForm; start: NewsletterStart } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const submitAsked = useRef(false);
  const waking = useRef(false);

  const wake = () => {
    if (waking.current) return;
    waking.current = true;
    loadNewsletterForm().then(
      (Form) => {
        const el = input.current;
        setLive({
          Form,
          start: { email: el?.value ?? '', focused: !!el && el === document.activeElement, submit: submitAsked.current },
        });
      },
      (error: unknown) => {
        waking.current = false;
        console.error('[newsletter] the form could not be loaded', error);
      },
    );
  };

  if (live) {
    // the field is read again as the form replaces it: keys pressed after the module arrived, and
    // before this render, are kept too (render and commit run in one task, with no key between)
    const el = input.current;
    const start = el ? { ...live.start, email: el.value, focused: el === document.activeElement } : live.start;
    return <live.Form id={id} start={start} />;
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitAsked.current = true;
    wake();
  };

  // uncontrolled: what is typed (even before hydration) stays in the field until the form takes it
  return <NewsletterView id={id} onSubmit={onSubmit} inputRef={input} wake={wake} />;
}
