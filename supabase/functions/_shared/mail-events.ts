// What a mail provider's event means for a newsletter subscriber. Resend's webhook bodies are
// `{ type, created_at, data }`; `data.to` lists the recipients, and an `email.bounced` event's
// `data.bounce.type` says whether the bounce is permanent. Pure, for the Edge Function and tests.

export type MailEventKind = 'complained' | 'bounced_hard' | 'bounced_soft';

export interface MailEvent {
  kind: MailEventKind;
  addresses: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The bare address of `Name <box@host>` or `box@host`. */
function bareAddress(value: string): string {
  const angle = /<([^<>]+)>\s*$/.exec(value);
  return (angle ? angle[1] : value).trim();
}

/** The event's kind and recipients, or null for an event that changes no subscriber. */
export function readMailEvent(body: unknown): MailEvent | null {
  if (!isRecord(body) || typeof body.type !== 'string' || !isRecord(body.data)) return null;
  const to = body.data.to;
  const addresses = (Array.isArray(to) ? to : typeof to === 'string' ? [to] : [])
    .filter((value): value is string => typeof value === 'string')
    .map(bareAddress)
    .filter((value) => value.includes('@'))
    .slice(0, 50);
  if (addresses.length === 0) return null;
  if (body.type === 'email.complained') return { kind: 'complained', addresses };
  if (body.type === 'email.bounced') {
    const bounce = isRecord(body.data.bounce) ? body.data.bounce : {};
    // Resend reports permanent rejections as bounces; a transient or undetermined one counts softly
    const permanent = bounce.type === undefined || bounce.type === 'Permanent' || bounce.type === 'hard';
    return { kind: permanent ? 'bounced_hard' : 'bounced_soft', addresses };
  }
  return null;
}
