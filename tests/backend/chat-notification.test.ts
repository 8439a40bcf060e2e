// The team-chat notification from the database (chat-notification.ts) against the stand-in, its
// pg_net worker and its cron runner.
import { describe, expect, it } from 'vitest';
import { defineChatNotification } from './chat-notification.ts';
import { startHarness } from './harness.ts';

defineChatNotification(() => startHarness());

describe('on the stand-in', () => {
  it('the cron runner runs the scheduled job, as pg_cron\'s worker does, and logs the run', async () => {
    const h = await startHarness();
    try {
      await h.local.cron.runJob('chat-notifications');
      const { rows } = await h.local.db.asSystem((tx) =>
        tx.query<{ status: string; command: string }>(`select status, command from cron.job_run_details order by runid desc limit 1`),
      );
      expect(rows).toEqual([{ status: 'succeeded', command: 'select private.process_chat_outbox()' }]);
    } finally {
      await h.close();
    }
  });
});
