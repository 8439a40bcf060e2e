/*
 * The two funnels as the dashboard shows them: each step's visitors, the share of the first step
 * that reached it, and the drop-off from the step before (who reached that step and not this one).
 */
import type { FunnelStep } from './shapes';

/** Each step's name on screen. */
export const STEP_NAMES: Record<string, string> = {
  wizard_open: 'Отворен',
  wizard_step_2: 'Стъпка 2',
  wizard_step_3: 'Стъпка 3',
  inquiry_sent: 'Изпратено',
  booking_open: 'Отворен',
  booking_day: 'Ден',
  booking_time: 'Час',
  booking_made: 'Записан',
};

export interface FunnelRow {
  step: string;
  name: string;
  visitors: number;
  /** The share of the first step's visitors that reached this one (1 for the first; 0 when nobody started). */
  ofStart: number;
  /** The share of the step before's visitors who did not reach this one; null for the first step, or when nobody reached the one before. */
  dropOff: number | null;
  /** How many fewer than at the step before (never negative); null for the first step. */
  lost: number | null;
}

/**
 * The rows of a funnel. Visitors are counted per day and summed, so a step may now and then count
 * more than the one before (a visitor who opened the wizard late one evening and went on after
 * midnight): nobody was lost there, and the drop-off is 0, never negative.
 */
export function funnelRows(steps: readonly FunnelStep[]): FunnelRow[] {
  const start = steps[0]?.visitors ?? 0;
  return steps.map((step, i) => {
    const before = i === 0 ? null : steps[i - 1].visitors;
    const lost = before === null ? null : Math.max(0, before - step.visitors);
    return {
      step: step.step,
      name: STEP_NAMES[step.step] ?? step.step,
      visitors: step.visitors,
      ofStart: i === 0 ? (start > 0 ? 1 : 0) : start > 0 ? Math.min(1, step.visitors / start) : 0,
      dropOff: before === null || before === 0 ? null : (lost ?? 0) / before,
      lost,
    };
  });
}
