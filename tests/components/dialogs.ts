// Finding a dialog the way a person meets it: on screen and ready for a press.
import { screen, waitFor, type ByRoleOptions } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * A Radix dialog appears before it takes pointer events: opening it turns them off for the page
 * (body), and a render later turns them on for the dialog itself. A press in between is refused
 * by user-event ("pointer-events: none"), which happened on a loaded machine. This waits for both.
 */
export async function findDialog(role: 'dialog' | 'alertdialog', options?: ByRoleOptions): Promise<HTMLElement> {
  const dialog = await screen.findByRole(role, options);
  await waitFor(() => expect(getComputedStyle(dialog).pointerEvents).not.toBe('none'));
  return dialog;
}
