import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/shared/ui/button';
import { Dialog, DialogContent } from '@/shared/ui/dialog';
import { Input } from '@/shared/ui/input';
import { Label } from '@/shared/ui/label';
import { Select } from '@/shared/ui/select';
import { toast } from '@/shared/ui/use-toast';
import { useRecheckOnDenied, writeErrorMessage } from '@/admin/kit/data/api';
import { useLeadOwners } from '@/admin/kit/data/authors';
import { FormAlert } from '@/admin/kit/ui/FormAlert';
import { wallClockInstant, wallClockValue } from '@/admin/kit/formats/wall-clock';
import { useUpdateLead, type LeadChange } from './api';
import { useDraft } from './use-draft';
import { INQUIRY_STATUS_LABELS, INQUIRY_STATUSES, LOST_REASONS } from './status';
import type { Inquiry, InquiryStatus } from './types';

/*
 * What an admin sets on a lead, on its card: the stage ('Загубена' asks for the reason first), the
 * owner, the next follow-up on the consultant's clock and the offer in EUR. Each is saved on its
 * own; the database checks each (an owner who is an active admin, a follow-up in the future, a
 * reason for a lost lead) and its Bulgarian refusal shows under the controls, with nothing lost.
 */

export const leadText = {
  group: 'Работа по запитването',
  stage: 'Етап',
  owner: 'Отговорник',
  noOwner: 'Без отговорник',
  followUp: 'Следващ контакт',
  followUpHint: (zone: string) => `По часовата зона на консултанта (${zone}).`,
  offer: 'Оферта (EUR)',
  save: 'Запази',
  clear: 'Премахни',
  saved: 'Запитването е обновено',
  failed: 'Неуспешна промяна на запитването.',
  lostTitle: 'Защо е загубена?',
  lostDescription: 'Изберете причина или напишете своя.',
  lostOther: 'Друга причина',
  lostOtherLabel: 'Причина',
  lostMissing: 'Изберете или напишете причина за загубата.',
  offerInvalid: 'Въведете сума от 0 до 9 999 999 999,99.',
  followUpMissing: 'Изберете дата и час.',
} as const;

const OFFER_MAX = 9_999_999_999.99;

/** Saves changes of one lead, with a toast once saved and the database's refusal in its words. */
function useLeadSave(inquiry: Inquiry) {
  const update = useUpdateLead();
  const recheckOnDenied = useRecheckOnDenied();
  const [problem, setProblem] = useState<string | null>(null);
  function save(change: LeadChange, then?: () => void) {
    setProblem(null);
    update.mutate(
      { id: inquiry.id, change },
      {
        onSuccess: () => {
          toast({ title: leadText.saved });
          then?.();
        },
        onError: (error) => {
          console.error('[admin] changing a lead failed', error);
          const code = (error as { code?: string } | null)?.code;
          setProblem(code === '22003' ? leadText.offerInvalid : writeErrorMessage(error, leadText.failed));
          recheckOnDenied(error);
        },
      },
    );
  }
  return { save, busy: update.isPending, problem, setProblem };
}

/**
 * A lead's stage as a select (on its card and on the board): a choice saves at once, but
 * 'Загубена' first asks why. `named` adds the lead's name to the select's name, where no group
 * around it says whose stage it is.
 */
export function StageSelect({ inquiry, named = false }: { inquiry: Inquiry; named?: boolean }) {
  const uid = useId();
  const { save, busy, problem } = useLeadSave(inquiry);
  const [askLost, setAskLost] = useState(false);
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={`${uid}-stage`}>{leadText.stage}</Label>
      <Select
        id={`${uid}-stage`}
        aria-label={named ? `${leadText.stage} на ${inquiry.name}` : undefined}
        value={inquiry.status}
        disabled={busy}
        onChange={(e) => {
          const status = e.target.value as InquiryStatus;
          if (status === 'lost') setAskLost(true);
          else save({ status });
        }}
      >
        {INQUIRY_STATUSES.map((status) => (
          <option key={status} value={status}>
            {INQUIRY_STATUS_LABELS[status]}
          </option>
        ))}
      </Select>
      {inquiry.status === 'lost' && inquiry.lost_reason && <p className="text-xs text-slate-600">Причина: {inquiry.lost_reason}</p>}
      {problem && !askLost && (
        <p role="alert" className="text-xs text-danger-700">
          {problem}
        </p>
      )}
      <LostReasonDialog
        open={askLost}
        name={inquiry.name}
        onCancel={() => setAskLost(false)}
        onChoose={(reason) => save({ status: 'lost', lost_reason: reason }, () => setAskLost(false))}
        busy={busy}
        problem={askLost ? problem : null}
      />
    </div>
  );
}

export function LeadControls({ inquiry, zone }: { inquiry: Inquiry; zone: string }) {
  const uid = useId();
  const { save, busy, problem, setProblem } = useLeadSave(inquiry);
  const owners = useLeadOwners();
  const [followUp, setFollowUp, followUpSaved] = useDraft(wallClockValue(inquiry.follow_up_at, zone));
  const [offer, setOffer, offerSaved] = useDraft(inquiry.offer_amount == null ? '' : String(inquiry.offer_amount));

  function onFollowUp(event: FormEvent) {
    event.preventDefault();
    const at = wallClockInstant(followUp, zone);
    if (!at) {
      setProblem(leadText.followUpMissing);
      return;
    }
    save({ follow_up_at: at.toISOString() }, followUpSaved);
  }

  function onOffer(event: FormEvent) {
    event.preventDefault();
    const amount = offer.trim() === '' ? null : Number(offer.replace(',', '.'));
    if (amount !== null && (!Number.isFinite(amount) || amount < 0 || amount > OFFER_MAX)) {
      setProblem(leadText.offerInvalid);
      return;
    }
    save({ offer_amount: amount === null ? null : Math.round(amount * 100) / 100 }, offerSaved);
  }

  const ownerName = (o: { full_name: string | null; username: string }) => o.full_name || o.username;
  return (
    <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3" aria-describedby={problem ? `${uid}-problem` : undefined}>
      <legend className="px-1 text-sm font-medium text-slate-800">
        {leadText.group} <span className="sr-only">– {inquiry.name}</span>
      </legend>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <StageSelect inquiry={inquiry} />
        <div className="grid content-start gap-1.5">
          <Label htmlFor={`${uid}-owner`}>{leadText.owner}</Label>
          <Select
            id={`${uid}-owner`}
            value={inquiry.owner_id ?? ''}
            disabled={busy}
            onChange={(e) => save({ owner_id: e.target.value || null })}
          >
            <option value="">{leadText.noOwner}</option>
            {/* an owner who is no longer active still shows as chosen */}
            {inquiry.owner_id && inquiry.owner && !owners.data?.some((o) => o.id === inquiry.owner_id) && (
              <option value={inquiry.owner_id}>{ownerName(inquiry.owner)}</option>
            )}
            {(owners.data ?? []).map((o) => (
              <option key={o.id} value={o.id}>
                {ownerName(o)}
              </option>
            ))}
          </Select>
        </div>
        <form className="grid content-start gap-1.5" onSubmit={onFollowUp}>
          <Label htmlFor={`${uid}-follow-up`}>{leadText.followUp}</Label>
          <div className="flex gap-2">
            <Input
              id={`${uid}-follow-up`}
              type="datetime-local"
              className="min-w-0 flex-1"
              value={followUp}
              onChange={(e) => setFollowUp(e.target.value)}
              aria-describedby={`${uid}-follow-up-hint`}
            />
            <Button type="submit" size="sm" variant="outline" disabled={busy}>
              {leadText.save}
            </Button>
          </div>
          <p id={`${uid}-follow-up-hint`} className="text-xs text-slate-600">
            {leadText.followUpHint(zone)}
          </p>
          {inquiry.follow_up_at && (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              className="justify-self-start"
              disabled={busy}
              onClick={() => save({ follow_up_at: null }, () => followUpSaved(''))}
            >
              {leadText.clear}
            </Button>
          )}
        </form>
        <form className="grid content-start gap-1.5" onSubmit={onOffer}>
          <Label htmlFor={`${uid}-offer`}>{leadText.offer}</Label>
          <div className="flex gap-2">
            <Input
              id={`${uid}-offer`}
              inputMode="decimal"
              className="min-w-0 flex-1"
              value={offer}
              onChange={(e) => setOffer(e.target.value)}
              placeholder="напр. 4800"
            />
            <Button type="submit" size="sm" variant="outline" disabled={busy}>
              {leadText.save}
            </Button>
          </div>
        </form>
      </div>
      {problem && (
        <FormAlert className="p-3">
          <span id={`${uid}-problem`}>{problem}</span>
        </FormAlert>
      )}
    </fieldset>
  );
}

interface LostReasonDialogProps {
  open: boolean;
  name: string;
  busy: boolean;
  problem: string | null;
  onCancel: () => void;
  onChoose: (reason: string) => void;
}

/** 'Загубена' asks why: one of the short list, or the admin's own words. */
function LostReasonDialog({ open, name, busy, problem, onCancel, onChoose }: LostReasonDialogProps) {
  const uid = useId();
  const [choice, setChoice] = useState('');
  const [other, setOther] = useState('');
  const [missing, setMissing] = useState(false);
  const reason = choice === 'other' ? other.trim() : choice;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setMissing(true);
      return;
    }
    onChoose(reason);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <DialogContent title={leadText.lostTitle} description={`${leadText.lostDescription} (${name})`} maxWidth={480}>
        <form className="grid gap-4" onSubmit={onSubmit}>
          <fieldset className="grid gap-2">
            <legend className="sr-only">{leadText.lostTitle}</legend>
            {[...LOST_REASONS, 'other'].map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${uid}-reason`}
                  value={value}
                  checked={choice === value}
                  onChange={() => {
                    setChoice(value);
                    setMissing(false);
                  }}
                  className="size-4 accent-brand-600"
                />
                {value === 'other' ? leadText.lostOther : value}
              </label>
            ))}
          </fieldset>
          {choice === 'other' && (
            <div className="grid gap-1.5">
              <Label htmlFor={`${uid}-other`}>{leadText.lostOtherLabel}</Label>
              <Input id={`${uid}-other`} value={other} maxLength={300} onChange={(e) => setOther(e.target.value)} />
            </div>
          )}
          {(missing || problem) && <FormAlert className="p-3">{missing ? leadText.lostMissing : problem}</FormAlert>}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onCancel}>
              Отказ
            </Button>
            <Button type="submit" disabled={busy}>
              Маркирай като загубена
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
