/*
 * The newsletter box on react-hook-form + zod, loaded only when a visitor reaches for
 * the box: the footer paints the static NewsletterView first (src/site/layout/NewsletterBox.tsx)
 * and swaps this in with what was typed, the focus and a submit asked for meanwhile. A valid
 * address is sent to the database (./api.ts), which mails a confirmation link: the box says so.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSchemaForm } from '@/shared/forms/forms';
import { NEWSLETTER_CONFIRM_MS, NewsletterView } from './NewsletterView';
import { newsletterSchema, SILENT_REQUIRED, type NewsletterValues } from './schema';
import { NEWSLETTER_FAILED, NewsletterRefusal, subscribeNewsletter } from './api';
import { track } from '@/site/runtime/insights-bus';

/** What the static box hands over when this form takes its place. */
export interface NewsletterStart {
  email: string;
  /** The static field had the focus: this one takes it, with the caret after the text. */
  focused: boolean;
  /** The visitor submitted before this module arrived: submit now. */
  submit: boolean;
}

export function NewsletterForm({ id, start }: { id: string; start: NewsletterStart }) {
  // the shared timing: an error shows once the field is left or the form is sent, then live
  const form = useSchemaForm<NewsletterValues>(newsletterSchema, { defaultValues: { email: start.email } });
  const { register, handleSubmit, reset, formState } = form;
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  // a sign-up went through: the box says where the confirmation went until the next one
  const [sentTo, setSentTo] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const input = useRef<HTMLInputElement | null>(null);
  const { ref: registerRef, ...field } = register('email');
  const message = formState.errors.email?.message;
  // an empty submit does nothing: its issue is never shown
  const error = (message === SILENT_REQUIRED ? undefined : message) ?? refusal;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(false), NEWSLETTER_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [done]);

  const onValid = async ({ email }: NewsletterValues) => {
    if (busy) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      await subscribeNewsletter(email);
      track('newsletter_signup');
      reset({ email: '' });
      setDone(true);
      setSentTo(true);
    } catch (error) {
      // what was typed stays, with the reason beside it
      console.warn('[newsletter] sign-up refused', error instanceof NewsletterRefusal ? error.original : error);
      setRefusal(error instanceof NewsletterRefusal ? error.message : NEWSLETTER_FAILED);
    } finally {
      setBusy(false);
    }
  };
  const onSubmit = handleSubmit(onValid);

  // Take over from the static box before the browser paints: focus, caret at the end (an e-mail
  // field has no selection API; setting its value again puts the caret after the text).
  const taken = useRef(false);
  useLayoutEffect(() => {
    if (taken.current) return;
    taken.current = true;
    const el = input.current;
    if (start.focused && el) {
      el.focus();
      const value = el.value;
      el.value = '';
      el.value = value;
    }
    if (start.submit) void onSubmit();
  });

  return (
    <NewsletterView
      id={id}
      onSubmit={(event) => void onSubmit(event)}
      inputRef={(el) => {
        input.current = el;
        registerRef(el);
      }}
      inputProps={field}
      done={done}
      busy={busy}
      sent={sentTo}
      error={error}
    />
  );
}
