import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KillPlan } from '../src/scale/kill.ts';
import { crawlerPlan, generationPlan, mailerPlan, podcastPlan, summarizerPlan } from '../src/scale/plans.ts';
import { writeScaleReport } from '../src/scale/report.ts';
import { runScaleStage, type ScaleStageFigures } from '../src/scale/run.ts';
import { COPIES, type ScaleContext, startScaleRun } from '../src/scale/setup.ts';
import { LOCK_MS } from '../src/setup.ts';
import type { Stage } from '../src/stage.ts';
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
const figures: ScaleStageFigures[] = [];
const started = Date.now();

beforeAll(async () => {
  ({ ctx, stop } = await startScaleRun());
});

afterAll(async () => {
  try {
    if (figures.length > 0) {
      const seconds = Math.round((Date.now() - started) / 1000);
      const markdown = await writeScaleReport({ seconds, copies: COPIES, lockMs: LOCK_MS, stages: figures });
      process.stdout.write(`\n${markdown}\nwrote bench/results/scale.md\n`);
    }
  } finally {
    await stop();
  }
});

/** Runs the stage with its kills and checks what holds for every stage. */
async function run(stage: Stage, plans: KillPlan[], options: { gatewayRoute?: string } = {}) {
  const result = await runScaleStage(ctx, stage, plans, options);
  figures.push(result);
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
    const result = await run(crawlStage({ feeds: FEEDS, gateway: 1 }), [
      crawlerPlan(FEEDS),
      summarizerPlan(FEEDS * POSTS_PER_FEED),
    ]);
    expectExactlyOnce(result);
  });

  it('40 generation tasks, created and polled through both gateways in turn', async () => {
    const result = await run(generateStage({ tasks: TASKS, poll: true }), [generationPlan(TASKS)], {
      gatewayRoute: '/api/generation-tasks',
    });
    expectExactlyOnce(result);
  });

  it("one day's podcasts: 10 topics in English and Chinese", async () => {
    const result = await run(podcastStage(), [podcastPlan(PODCASTS)]);
    expectExactlyOnce(result);
  });

  it('the 8 AM digest to 2,000 subscribers: one Message-ID each; a second copy only from the kill', async () => {
    const result = await run(digestStage({ subscribers: SUBSCRIBERS }), [mailerPlan(SUBSCRIBERS)]);
    expect(result.outputs['delivery rows']!.actual).toBe(SUBSCRIBERS);
    expect(result.outputs['rows sent']!.actual).toBe(SUBSCRIBERS);
    expect(result.outputs['distinct Message-IDs']!.actual).toBe(SUBSCRIBERS);
    expect(result.notes.filter((note) => note.includes('say sent but no email'))).toEqual([]);
    // SMTP cannot be exactly-once: a mailer killed after the server's 250 and before recording it sends
    // that digest again (at most the sends it held), always with the first copy's Message-ID.
    const killed = result.services[0]!.killed!;
    expect(result.duplicates).toBeLessThanOrEqual(killed.inHand);
    expect(result.duplicatesSameId).toBe(result.duplicates);
    expect(result.outputs['emails captured']!.actual).toBe(SUBSCRIBERS + result.duplicates);
  });
});
