import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PrismaClient } from '@app/db';
import { loadConfig } from '@app/config';
import { createLogger } from '@app/logger';
import { createProducer, createQueueTransport } from '@app/queue';
import { cleanupPrefix, createTestDatabase, type TestDatabase, testTransportOptions } from '@app/testing';
import { afterAll, afterEach } from 'vitest';
import { podcastConfigSchema } from '../src/config.ts';
import { startService } from '../src/service.ts';

/** The service's logger in tests: silent unless TEST_LOG_LEVEL asks for more. */
export const testLogger = createLogger('podcast', { level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/**
 * What each test of a file makes, released after it in the reverse order: `defer` takes release
 * steps; a database and a temporary folder come with theirs. Called once at a test file's top level.
 */
export function perTestResources() {
  return resources(afterEach);
}

/** The same resources made once for a whole file (in its beforeAll), released after its last test. */
export function perFileResources() {
  return resources(afterAll);
}

function resources(after: typeof afterEach | typeof afterAll) {
  const releases: (() => Promise<unknown>)[] = [];
  after(async () => {
    for (const release of releases.reverse()) await release().catch(() => undefined);
    releases.length = 0;
  });
  const defer = (...steps: (() => Promise<unknown>)[]) => {
    releases.push(...steps);
  };
  return {
    defer,
    async database(): Promise<TestDatabase> {
      const db = await createTestDatabase();
      defer(() => db.drop());
      return db;
    },
    async tempDir(prefix: string): Promise<string> {
      const dir = await mkdtemp(path.join(tmpdir(), prefix));
      defer(() => rm(dir, { recursive: true, force: true }));
      return dir;
    },
    /**
     * The service in this process on `db`'s queues (a prefix of its own), storing under `storageDir`,
     * with `env` over the test defaults; and a producer to give it jobs.
     */
    async runService(db: TestDatabase, storageDir: string, env: Record<string, string> = {}) {
      const transportOptions = testTransportOptions(db.url);
      defer(() => cleanupPrefix(transportOptions.prefix));
      const config = loadConfig(podcastConfigSchema, {
        NODE_ENV: 'test',
        DATABASE_URL: db.url,
        REDIS_URL: transportOptions.redisUrl,
        HEALTH_PORT: '0',
        STORAGE_DIR: storageDir,
        ...env,
      });
      const service = await startService(config, {
        prisma: db.prisma,
        prefix: transportOptions.prefix,
        logger: testLogger,
      });
      const transport = createQueueTransport(transportOptions);
      const producer = createProducer(transport);
      defer(
        () => service.close(),
        () => transport.close(),
        () => producer.close(),
      );
      return { service, producer };
    },
  };
}

const EN_STORIES = [
  {
    headline: 'Open models close the gap with commercial systems',
    content:
      'Several research labs released new open-weight language models this week. ' +
      'Benchmarks show the newest releases within a few points of the leading commercial systems. ' +
      'Researchers credit better training data and longer context windows for most of the gains. ' +
      'Startups are already building coding assistants and search tools on top of them.',
  },
  {
    headline: 'Indie founders share pricing lessons',
    content:
      'A group of independent founders published the results of their pricing experiments. ' +
      'Most of them found that annual plans with a clear discount improved retention. ' +
      'Several founders said that raising prices did not reduce sign-ups as much as they feared. ' +
      'The discussion also covered how to communicate price changes to early customers.',
  },
  {
    headline: 'A new database engine focuses on simple operations',
    content:
      'An open source team announced a database engine designed for small teams. ' +
      'It runs as a single binary, stores data in one file and replicates to object storage. ' +
      'The authors say backups and restores take seconds rather than hours. ' +
      'Early users report that the engine handles thousands of writes per second on modest hardware.',
  },
];

const ZH_STORIES = [
  {
    headline: '开源模型与商业系统的差距正在缩小',
    content:
      '本周多个研究实验室发布了新的开源语言模型。基准测试显示，最新模型与领先的商业系统只差几个百分点。' +
      '研究人员认为，更好的训练数据和更长的上下文窗口带来了大部分提升。初创公司已经开始在这些模型上构建编程助手和搜索工具。',
  },
  {
    headline: '独立开发者分享定价经验',
    content:
      '一群独立开发者公布了他们的定价实验结果。大多数人发现，带有明确折扣的年度套餐提高了用户留存。' +
      '几位创始人表示，提价并没有像他们担心的那样减少注册人数。讨论还涉及如何向早期用户说明价格调整。',
  },
];

export async function createTopic(prisma: PrismaClient, name: string) {
  return prisma.topic.create({
    data: {
      name,
      slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${Math.random().toString(36).slice(2, 8)}`,
    },
  });
}

/** Summaries of one topic created at noon UTC of `date`; `repeat` copies the stories to lengthen the script. */
export async function insertSummaries(
  prisma: PrismaClient,
  options: { topicId: string; date: string; language: 'EN' | 'ZH'; repeat?: number },
) {
  const stories = options.language === 'ZH' ? ZH_STORIES : EN_STORIES;
  const rows = [];
  for (let r = 0; r < (options.repeat ?? 1); r++) {
    for (const [i, story] of stories.entries()) {
      rows.push({
        headline: r === 0 ? story.headline : `${story.headline} (${r + 1})`,
        content: story.content,
        summaryType: 'blog_post' as const,
        language: options.language,
        topicId: options.topicId,
        metadata: { source_name: `Source ${i + 1}` },
        createdAt: new Date(`${options.date}T12:${String(r % 60).padStart(2, '0')}:0${i}Z`),
      });
    }
  }
  await prisma.summary.createMany({ data: rows });
}
