import { useEffect, useId, useRef, useState, type ComponentType, type FormEvent } from 'react';
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
 * was typed, the focus, and a submit asked for while it was on its way (a press under way is let
 * finish first). Not fetched when idle:
 * a visitor who never touches the box never pays for it.
 */
export function NewsletterBox() {
  const id = useId();
  const [live, setLive] = useState<{ Form: LiveForm; start: NewsletterStart } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const submitAsked = useRef(false);
  const waking = useRef(false);
  // A press on the box holds the take-over back until its click has been dispatched: the form
  // replaces the box's elements, and a button swapped between its pointer's down and up gets no
  // click (a submit lost, as a quick visitor would meet it on a slow phone).
  const press = useRef(0);
  const pressed = useRef(false);
  const arrived = useRef<LiveForm | null>(null);
  // what a press left waiting (its listeners and timer), undone when the box goes away first
  const release = useRef<(() => void) | null>(null);
  useEffect(() => () => release.current?.(), []);

  const takeOver = (Form: LiveForm) => {
    const el = input.current;
    setLive({
      Form,
      start: { email: el?.value ?? '', focused: !!el && el === document.activeElement, submit: submitAsked.current },
    });
  };

  const wake = () => {
    if (waking.current) return;
    waking.current = true;
    loadNewsletterForm().then(
      (Form) => {
        if (pressed.current) arrived.current = Form;
        else takeOver(Form);
      },
      (error: unknown) => {
        waking.current = false;
        console.error('[newsletter] the form could not be loaded', error);
      },
    );
  };

  const onPress = () => {
    const mine = ++press.current;
    pressed.current = true;
    release.current?.();
    const listening = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = (release.current = () => {
      clearTimeout(timer);
      listening.abort();
    });
    const finish = () => {
      stop();
      if (press.current !== mine) return;
      pressed.current = false;
      const Form = arrived.current;
      arrived.current = null;
      if (Form) takeOver(Form);
    };
    // once the click has reached the form (its submit is then asked for), or a moment after a
    // release that makes no click (a touch's click may come a little after it)
    const after = (ms: number) => () => {
      clearTimeout(timer);
      timer = setTimeout(finish, ms);
    };
    const options = { capture: true, signal: listening.signal };
    window.addEventListener('click', after(0), options);
    window.addEventListener('pointerup', after(400), options);
    window.addEventListener('pointercancel', after(400), options);
    wake();
  };

  // a visitor who reached the field before the page had its scripts (focused it, typed) gets the
  // form as if they had touched it now: the focus event that would have woken it has passed
  useEffect(() => {
    const el = input.current;
    if (el && (el === document.activeElement || el.value !== '')) wake();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration
  }, []);

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
  return <NewsletterView id={id} onSubmit={onSubmit} inputRef={input} wake={wake} onPress={onPress} />;
}
