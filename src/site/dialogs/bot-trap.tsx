/*
 * The public forms' traps for bots, which a person never notices: a field hidden from people (a
 * bot that fills every input fills it too) and how long the form was open before it was sent. The
 * database drops a row that filled the trap or came sooner than a person could (its 'min_fill_ms'
 * intake limit), without an error, so a bot learns nothing and nobody is notified.
 *
 * Both traps cost a person nothing, so both must never catch one: the field is out of sight, out
 * of the tab order, out of the accessibility tree and out of reach of the browser's and password
 * managers' autofill; and a form resumed from a draft counts from when the draft was begun, not
 * from when it was shown again (a person may send a restored message at once).
 */
import { useCallback, useRef, useState } from 'react';

export interface BotTrapValues {
  /** What the hidden field holds: null when empty, as a person leaves it. */
  bot_trap: string | null;
  /** Milliseconds since the form opened (or since its restored draft was begun). */
  fill_ms: number;
}

export interface BotTrapOptions {
  /**
   * When the visitor began this form (epoch milliseconds), if before now: a restored draft's start.
   * A time in the future (or not a time) counts as now.
   */
  openedAt?: number;
}

/** The hidden field to render inside the form, and the values to send with it. */
export function useBotTrap({ openedAt }: BotTrapOptions = {}) {
  const [since] = useState(() => Math.min(openedAt || Infinity, Date.now()));
  const input = useRef<HTMLInputElement>(null);
  const values = useCallback(
    (): BotTrapValues => ({ bot_trap: input.current?.value.trim() || null, fill_ms: Math.max(0, Math.round(Date.now() - since)) }),
    [since],
  );
  // Off screen rather than display:none (which bots skip). aria-hidden takes it out of the
  // accessibility tree, and tabIndex -1 out of the tab order, as axe's aria-hidden-focus rule asks
  // of anything inside aria-hidden; autoComplete off and the password managers' own opt-outs
  // (1Password, LastPass, Bitwarden, Dashlane) keep autofill from filling it for a person.
  const field = (
    <div aria-hidden="true" className="pointer-events-none absolute -left-[9999px] top-0 h-px w-px overflow-hidden">
      <label>
        Уебсайт (оставете празно)
        <input
          ref={input}
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          data-1p-ignore=""
          data-lpignore="true"
          data-bwignore=""
          data-form-type="other"
          defaultValue=""
        />
      </label>
    </div>
  );
  return { field, values };
}
