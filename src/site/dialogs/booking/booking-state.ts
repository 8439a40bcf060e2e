import { useState } from 'react';
import { useSchemaForm } from '@/shared/forms/forms';
import { bookingDetailsSchema, EMPTY_BOOKING_DETAILS, NO_SLOT, type BookingDetails, type BookingSlot } from './schema';

const firstOfMonth = (date: Date) => new Date(date.getFullYear(), date.getMonth(), 1);

/** The booking flow's state, kept by the dialog so closing it does not lose what was chosen. */
export function useBookingState() {
  // The details (step 2) live in the form library with the shared timing: an error shows once a
  // field is left or the form is sent, and is live from then on.
  const form = useSchemaForm<BookingDetails>(bookingDetailsSchema, { defaultValues: EMPTY_BOOKING_DETAILS });
  const [slot, setSlot] = useState<BookingSlot>(NO_SLOT);
  const [step, setStep] = useState<1 | 2>(1);
  const [month, setMonth] = useState(() => firstOfMonth(new Date()));
  /** Slots the database refused as taken in this session, hidden at once (instants in ms). */
  const [refused, setRefused] = useState<number[]>([]);
  const reset = () => {
    form.reset(EMPTY_BOOKING_DETAILS);
    setSlot(NO_SLOT);
    setStep(1);
    setMonth(firstOfMonth(new Date()));
    setRefused([]);
  };
  return { form, slot, setSlot, step, setStep, month, setMonth, refused, setRefused, reset };
}

export type BookingState = ReturnType<typeof useBookingState>;
