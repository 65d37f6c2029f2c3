import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_NAMES } from '@app/testing';
import { crawlerPlan, generationPlan, mailerPlan, podcastPlan, summarizerPlan } from '../src/scale/plans.ts';
import { writeScaleReport } from '../src/scale/report.ts';
import { runScaleStage, type ScaleStageFigures } from '../src/scale/run.ts';
import { COPIES, type ScaleContext, startScaleRun } from '../src/scale/setup.ts';
import { LOCK_MS } from '../src/setup.ts';
import { crawlStage, POSTS_PER_FEED } from '../src/stages/crawl.ts';
import { digestStage } from '../src/stages/digest.ts';
import { generateStage } from '../src/stages/generate.ts';
import { podcastStage } from '../src/stages/podcast.ts';

const FEEDS = 40;
const TASKS = 40;
const PODCASTS = 20;
const SUBSCRIBERS = 2000;

let ctx: ScaleContext;
let stop: () => Promise<void> = async () => undefined;
const started = Date.now();

/** The day's work, each part with the worker copies it kills. */
const STAGES = {
  crawl: () =>
    runScaleStage(ctx, crawlStage({ feeds: FEEDS, gateway: 1 }), [
      crawlerPlan(FEEDS),
      summarizerPlan(FEEDS * POSTS_PER_FEED),
    ]),
  generate: () =>
    runScaleStage(ctx, generateStage({ tasks: TASKS, poll: true }), [generationPlan(TASKS)], {
      gatewayRoute: '/api/generation-tasks',
    }),
  podcast: () => runScaleStage(ctx, podcastStage(), [podcastPlan(PODCASTS)]),
  digest: () => runScaleStage(ctx, digestStage({ subscribers: SUBSCRIBERS }), [mailerPlan(SUBSCRIBERS)]),
};
type StageKey = keyof typeof STAGES;
const runs = new Map<StageKey, Promise<ScaleStageFigures>>();

beforeAll(async () => {
  ({ ctx, stop } = await startScaleRun());
  // All parts at once, as a day's work overlaps in production (and the run stays short); each test
  // below waits for its own. A failure surfaces in that test.
  for (const [key, start] of Object.entries(STAGES) as [StageKey, () => Promise<ScaleStageFigures>][]) {
    const run = start();
    run.catch(() => undefined);
    runs.set(key, run);
  }
});

afterAll(async () => {
  try {
    const settled = await Promise.allSettled(runs.values());
    const figures = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    if (figures.length > 0) {
      const seconds = Math.round((Date.now() - started) / 1000);
      const memory = SERVICE_NAMES.map((service) => ({
        service,
        peaks: Array.from({ length: COPIES }, (_, copy) => ctx.product.peakRss(service, copy)),
      }));
      const markdown = await writeScaleReport({
        seconds,
        copies: COPIES,
        lockMs: LOCK_MS,
        stages: figures,
        memory,
      });
      process.stdout.write(`\n${markdown}\nwrote bench/results/scale.md\n`);
    }
  } finally {
    await stop();
  }
});

/** Waits for one part of the day and checks what holds for every part. */
async function result(key: StageKey): Promise<ScaleStageFigures> {
  const result = await runs.get(key)!;
  expect(ctx.product.unexpectedExits).toEqual([]);
  expect(result.finished).toBe(result.jobs);
  expect(result.failedReasons).toEqual([]);
  for (const service of result.services) {
    // Both copies took part of the work, the killed one before it died.
    for (const [copy, count] of service.perCopy.entries()) {
      expect(count, `${service.service} copy ${copy + 1}: ${service.measure}`).toBeGreaterThan(0);
    }
    expect(service.lost, `${service.service}: lost`).toBe(0);
    if (service.killed) {
      // Killed mid-run, holding work, and everything it held was finished by the other copy.
      expect(service.killed.doneAt).toBeLessThan(service.killed.total);
      expect(service.killed.inHand).toBeGreaterThan(0);
      expect(service.killed.finished, `${service.service}: work held at the kill`).toBe(
        service.killed.inHand,
      );
    }
  }
  expect(result.lost).toBe(0);
  return result;
}

/** Every result there exactly once: nothing missing, nothing made twice. */
function expectExactlyOnce(result: ScaleStageFigures) {
  for (const [name, output] of Object.entries(result.outputs))
    expect(output.actual, name).toBe(output.expected);
  expect(result.duplicates).toBe(0);
}

describe('scale-out: two copies of every service through one day, one of each killed mid-run', () => {
  it('crawl of 40 feeds, then the summaries of their 200 posts', async () => {
    expectExactlyOnce(await result('crawl'));
  });

  it('40 generation tasks, created and polled through both gateways in turn', async () => {
    expectExactlyOnce(await result('generate'));
  });

  it("one day's podcasts: 10 topics in English and Chinese", async () => {
    expectExactlyOnce(await result('podcast'));
  });

  it('the 8 AM digest to 2,000 subscribers: one Message-ID each; a second copy only from the kill', async () => {
    const digest = await result('digest');
    expect(digest.outputs['delivery rows']!.actual).toBe(SUBSCRIBERS);
    expect(digest.outputs['rows sent']!.actual).toBe(SUBSCRIBERS);
    expect(digest.outputs['distinct Message-IDs']!.actual).toBe(SUBSCRIBERS);
    expect(digest.notes.filter((note) => note.includes('say sent but no email'))).toEqual([]);
    // SMTP cannot be exactly-once: a mailer killed after the server's 250 and before recording it sends
    // that digest again (at most the sends it held), always with the first copy's Message-ID.
    const killed = digest.services[0]!.killed!;
    expect(digest.duplicates).toBeLessThanOrEqual(killed.inHand);
    expect(digest.duplicatesSameId).toBe(digest.duplicates);
    expect(digest.outputs['emails captured']!.actual).toBe(SUBSCRIBERS + digest.duplicates);
  });
});
