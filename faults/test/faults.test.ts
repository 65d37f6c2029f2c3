import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisComesBackEmpty } from '../src/cluster.ts';
import { buildReport, writeReport } from '../src/report.ts';
import { startFaultRun } from '../src/setup.ts';
import { type FaultContext, runStage, type Stage, type StageFigures } from '../src/stage.ts';
import { crawlStage } from '../src/stages/crawl.ts';
import { digestStage } from '../src/stages/digest.ts';
import { generateStage } from '../src/stages/generate.ts';
import { podcastStage } from '../src/stages/podcast.ts';
import { summariseStage } from '../src/stages/summarise.ts';

let ctx: FaultContext;
let stop: () => Promise<void> = async () => undefined;
const figures: StageFigures[] = [];

beforeAll(async () => {
  ({ ctx, stop } = await startFaultRun());
});

afterAll(async () => {
  try {
    if (figures.length > 0) {
      const redis = redisComesBackEmpty()
        ? 'without persistence (each restart comes back empty)'
        : 'with an append-only file (as docker-compose runs it)';
      const markdown = await writeReport(buildReport(figures, redis));
      process.stdout.write(`\n${markdown}\nwrote bench/results/faults.json and faults.md\n`);
    }
  } finally {
    await stop();
  }
});

/** Runs the stage with its faults and checks what holds for every stage. */
async function run(stage: Stage): Promise<StageFigures> {
  const result = await runStage(ctx, stage);
  figures.push(result);
  // Every fault hit while the batch was under way, and the kill while work was in hand.
  for (const fault of result.faults) expect(fault.doneBefore, fault.fault).toBeLessThan(stage.jobs);
  expect(result.faults[0]!.inFlight).toBeGreaterThan(0);
  // Nobody restarted the services after the Redis and PostgreSQL restarts: the same processes
  // answered /readyz again, and none of them died.
  for (const fault of result.faults.slice(1)) expect(fault.sameProcesses, fault.fault).toBe(true);
  expect(ctx.product.unexpectedExits).toEqual([]);
  expect(result.finished).toBe(stage.jobs);
  expect(result.lost).toBe(0);
  expect(result.recovered).toBe(result.faults[0]!.inFlight);
  expect(result.failedReasons).toEqual([]);
  return result;
}

describe('faults: kill -9 a worker, restart Redis, restart PostgreSQL, mid-batch', () => {
  for (const stage of [crawlStage, summariseStage, generateStage, podcastStage]) {
    it(`${stage().name}: every job finishes, nothing lost or doubled`, async () => {
      const result = await run(stage());
      for (const [name, output] of Object.entries(result.outputs)) {
        expect(output.actual, name).toBe(output.expected);
      }
      expect(result.duplicates).toBe(0);
    });
  }

  it('digest send: every digest arrives; a second copy only from the kill, with the same Message-ID', async () => {
    const result = await run(digestStage());
    expect(result.outputs['delivery rows']!.actual).toBe(result.jobs);
    expect(result.outputs['rows sent']!.actual).toBe(result.jobs);
    expect(result.notes.filter((note) => note.includes('say sent but no email'))).toEqual([]);
    // SMTP cannot be exactly-once: a mailer killed after the server's 250 and before recording it
    // sends that digest again (at most the sends in hand). Each such copy repeats the Message-ID.
    expect(result.duplicates).toBeLessThanOrEqual(result.faults[0]!.inFlight);
    expect(result.duplicatesSameId).toBe(result.duplicates);
    expect(result.outputs['emails captured']!.actual).toBe(result.jobs + result.duplicates);
  });
});
