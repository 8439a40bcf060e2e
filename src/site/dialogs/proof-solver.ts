/*
 * Solves one proof-of-work challenge with the ALTCHA widget (the `altcha-widget` web component,
 * which searches in Web Workers of its own, so the page stays responsive). Loaded by
 * ./proof-of-work.ts only when the database asks a form for work: the widget is about 35 kB
 * (gzip) that no other visitor downloads.
 *
 * The person never sees it. The widget is put in the page only for the search, hidden, inert and
 * out of the accessibility tree (its checkbox is never in the tab order), in its invisible display,
 * and removed again, solved or not.
 */
import 'altcha';

/** A challenge as intake_challenge returns it (ALTCHA v1; the salt carries its expiry, level and form). */
export interface IntakeChallenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** The longest a search may take before the widget gives up (its own default is 90 s). */
const SOLVE_TIMEOUT_MS = 60_000;
/** How long the widget may take to start once it is in the page. */
const START_TIMEOUT_MS = 10_000;

/**
 * The ALTCHA payload that solves `challenge` (base64 JSON {algorithm, challenge, number, salt,
 * signature, took}), or null when the widget could not solve it (no secure context, a timeout).
 */
export async function solveChallenge(challenge: IntakeChallenge): Promise<string | null> {
  const widget = document.createElement('altcha-widget');
  widget.hidden = true;
  widget.inert = true;
  widget.setAttribute('aria-hidden', 'true');
  widget.setAttribute('display', 'invisible');
  // Read once as the widget starts: the challenge itself (no URL to fetch it from), no pointer
  // or scroll collection (nothing leaves the page but the proof), and no artificial delay (the
  // person is waiting on the form's button).
  widget.setAttribute(
    'configuration',
    JSON.stringify({ challenge, humanInteractionSignature: false, minDuration: 0, timeout: SOLVE_TIMEOUT_MS, hideFooter: true, hideLogo: true }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const started = new Promise<boolean>((resolve) => {
    widget.addEventListener('load', () => resolve(true), { once: true });
    timer = setTimeout(() => resolve(false), START_TIMEOUT_MS);
  });
  document.body.append(widget);
  try {
    if (!(await started)) return null;
    const result = await widget.verify();
    return result?.payload ?? null;
  } finally {
    clearTimeout(timer);
    widget.remove();
  }
}
