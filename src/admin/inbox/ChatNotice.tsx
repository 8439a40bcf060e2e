import { BellOff } from 'lucide-react';
import { chatDeliveryError } from './format';
import type { ChatDelivery } from './types';

export const chatNoticeText = {
  notSent: 'Известието до екипа не е изпратено',
  inquiry: 'Чатът на екипа не е получил това запитване: вижте го оттук.',
  booking: 'Чатът на екипа не е получил тази резервация: вижте я оттук.',
  lastError: 'Последна грешка:',
} as const;

/**
 * The mark on an inquiry or booking the team chat has not received, with the database's last
 * error as text (the admin may have to fix the chat's address). Nothing while the chat has it, or
 * before the database has reported either way.
 */
export function ChatNotice({ row, kind }: { row: ChatDelivery; kind: 'inquiry' | 'booking' }) {
  const error = chatDeliveryError(row);
  if (error === null) return null;
  return (
    <div className="grid gap-1 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <p className="flex items-center gap-2 font-semibold">
        <BellOff aria-hidden="true" className="size-4 shrink-0 text-amber-700" />
        {chatNoticeText.notSent}
      </p>
      <p>{chatNoticeText[kind]}</p>
      <p className="break-words">
        {chatNoticeText.lastError} <span className="font-mono text-xs">{error}</span>
      </p>
    </div>
  );
}
