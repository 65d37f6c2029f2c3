import { QUEUE_NAMES } from '@app/contracts';
import { testWorkerService } from '@app/testing';
import { expect, it } from 'vitest';
import { PODCAST_SCHEDULER_ID, podcastService } from '../src/service.ts';

testWorkerService(podcastService, {
  dir: new URL('..', import.meta.url),
  healthPort: 9103,
  whileRunning: (running) => {
    it('registers the daily podcast job scheduler with a cron pattern and a time zone', async () => {
      const queue = running().transport.createQueue(QUEUE_NAMES.podcast);
      const scheduler = await queue.getJobScheduler(PODCAST_SCHEDULER_ID);
      expect(scheduler).toMatchObject({ name: 'podcast-daily', pattern: '30 0 * * *', tz: 'UTC' });
      await queue.close();
    });
  },
});
