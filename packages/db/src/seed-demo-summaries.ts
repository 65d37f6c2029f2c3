import { DEFAULT_TIME_ZONE } from '@app/time';
import type { Language, PrismaClient, SummaryType } from '../generated/prisma/client.ts';
import { platformToId, SUMMARY_TYPE_BY_PLATFORM } from './platform-defaults.ts';

// Demo summaries so a fresh `pnpm start` (and the browser tests) show a living product before
// the pipeline has crawled anything: for each seeded datasource and each of the last 10 days,
// a deterministic subset of items, each summarised in English and in Chinese. Keyed by
// dedupe_key `demo:<datasource>:<date>:<n>:<lang>`, so re-running adds only the new days.

const DAYS = 10;

type Subject = { en: string; zh: string; detailEn: string; detailZh: string };

const SUBJECTS: Record<string, Subject[]> = {
  'ai-agents-apps': [
    {
      en: 'agents that browse the web',
      zh: '能够浏览网页的智能体',
      detailEn:
        'The team shows an agent that plans multi-step tasks, books flights and recovers from failed clicks.',
      detailZh: '团队展示了一个能规划多步骤任务、预订机票并从失败点击中恢复的智能体。',
    },
    {
      en: 'retrieval with a vector database',
      zh: '基于向量数据库的检索增强',
      detailEn:
        'A practical walk-through of chunking, embeddings and a vector database for RAG in production.',
      detailZh: '深入讲解生产环境中 RAG 的切分、向量嵌入与向量数据库选型。',
    },
    {
      en: 'evaluating LLM applications',
      zh: '大模型应用的评测方法',
      detailEn:
        'Why offline evals drift from user reality, and how to build a feedback loop with real traces.',
      detailZh: '离线评测为何偏离真实用户体验，以及如何用真实调用链构建反馈闭环。',
    },
  ],
  engineering: [
    {
      en: 'scaling Postgres to millions of rows',
      zh: 'PostgreSQL 百万级数据的扩展实践',
      detailEn:
        'Indexes, partitioning and connection pooling: what mattered when the table passed a million rows.',
      detailZh: '索引、分区与连接池：当数据表超过百万行时真正重要的优化手段。',
    },
    {
      en: 'event-driven architecture with queues',
      zh: '基于消息队列的事件驱动架构',
      detailEn: 'Idempotent consumers, retries with backoff and the outbox pattern, explained with diagrams.',
      detailZh: '幂等消费者、指数退避重试与发件箱模式的图解说明。',
    },
    {
      en: 'faster frontend builds',
      zh: '前端构建提速方案',
      detailEn: 'Moving from a legacy bundler to Vite cut cold builds from minutes to seconds.',
      detailZh: '从旧打包工具迁移到 Vite，冷启动构建从数分钟缩短到数秒。',
    },
  ],
  'indie-hackers-side-hustle': [
    {
      en: 'a side project reaching $10k MRR',
      zh: '副业项目月收入突破一万美元',
      detailEn:
        'A solo founder shares the launch timeline, pricing experiments and the channels that worked.',
      detailZh: '一位独立开发者分享了发布时间线、定价实验以及真正有效的获客渠道。',
    },
    {
      en: 'building in public on social media',
      zh: '在社交媒体上公开构建产品',
      detailEn: 'Weekly updates, transparent revenue numbers and how an audience became the first customers.',
      detailZh: '每周更新、公开收入数据，以及受众如何转化为第一批付费用户。',
    },
  ],
  'product-management': [
    {
      en: 'writing a better product spec',
      zh: '如何写出更好的产品需求文档',
      detailEn: 'Start from the problem, name the non-goals and make the success metric measurable.',
      detailZh: '从问题出发，明确非目标，并让成功指标可衡量。',
    },
    {
      en: 'prioritising the roadmap with user interviews',
      zh: '用用户访谈确定路线图优先级',
      detailEn: 'Five interview questions that separate real pain from polite interest.',
      detailZh: '五个访谈问题，帮你区分真实痛点与客套的兴趣。',
    },
  ],
  'startup-vc': [
    {
      en: 'seed rounds in a cautious market',
      zh: '谨慎市场中的种子轮融资',
      detailEn: 'Investors now ask for revenue earlier; founders explain how they adapted their pitch.',
      detailZh: '投资人更早要求看到收入，创始人分享了他们如何调整融资路演。',
    },
    {
      en: 'what VCs look for in AI startups',
      zh: '风投如何评估 AI 创业公司',
      detailEn: 'Distribution, proprietary data and margins matter more than the model itself.',
      detailZh: '分发渠道、独有数据与毛利率比模型本身更重要。',
    },
  ],
};

/** A small deterministic hash: the same source and day always give the same items. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}

function write(subject: Subject, source: string, language: Language, n: number) {
  if (language === 'EN') {
    const headline = `${source}: ${subject.en.charAt(0).toUpperCase()}${subject.en.slice(1)}`;
    const content = [
      `## ${headline}`,
      '',
      subject.detailEn,
      '',
      '**Key points**',
      '',
      `- What changed: a fresh look at ${subject.en} (part ${n + 1}).`,
      '- Why it matters: teams that adopt it early report faster iteration and fewer surprises.',
      '- Try it: the post links to code samples and a checklist you can reuse this week.',
    ].join('\n');
    return { headline, content };
  }
  const headline = `${source}：${subject.zh}`;
  const content = [
    `## ${headline}`,
    '',
    subject.detailZh,
    '',
    '**要点**',
    '',
    `- 有何变化：关于${subject.zh}的最新观察（第 ${n + 1} 篇）。`,
    '- 为何重要：早期采用的团队迭代更快、意外更少。',
    '- 如何上手：原文附有示例代码与本周即可复用的清单。',
  ].join('\n');
  return { headline, content };
}

function minutesSinceMidnight(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

export async function seedDemoSummaries(
  prisma: PrismaClient,
  log: (msg: string) => void,
  now: Date = new Date(),
): Promise<number> {
  const sources = await prisma.datasource.findMany({ include: { topic: true }, orderBy: { id: 'asc' } });
  const rows = [];
  // Today's items must fall on today in the default time zone, even just after its midnight.
  const todayWindow = Math.max(1, Math.min(180, minutesSinceMidnight(now, DEFAULT_TIME_ZONE)));
  for (const source of sources) {
    const subjects = SUBJECTS[source.topic.slug] ?? SUBJECTS.engineering!;
    for (let day = 0; day < DAYS; day++) {
      const date = new Date(now.getTime() - day * 86_400_000).toISOString().slice(0, 10);
      const seedValue = hash(`${source.id}:${date}`);
      // Today every source has an item (the home cards count today); older days about half.
      const count = day === 0 ? 1 : seedValue % 3 === 0 ? 0 : 1;
      for (let n = 0; n < count; n++) {
        const subject = subjects[(seedValue + n) % subjects.length]!;
        // Today's items land within the last 3 hours (at most since midnight), older ones through the day.
        const minutesBack = day === 0 ? (seedValue % todayWindow) + 1 : day * 1440 + (seedValue % 1440) - 720;
        const createdAt = new Date(now.getTime() - minutesBack * 60_000);
        const url = `https://example.com/${source.platform}/${encodeURIComponent(source.sourceName)}/${date}-${n}`;
        for (const language of ['EN', 'ZH'] as const) {
          const { headline, content } = write(subject, source.sourceName, language, n);
          rows.push({
            headline,
            content,
            language,
            summaryType: SUMMARY_TYPE_BY_PLATFORM[source.platform] as SummaryType,
            sourceUrls: [url, `${url}#discussion`],
            metadata: {
              platform: platformToId(source.platform),
              source_name: source.sourceName,
              topic_name: source.topic.name,
              topic_id: source.topicId,
              datasource_id: source.id,
              post_title: headline,
              post_url: url,
              published_at: createdAt.toISOString(),
              demo: true,
            },
            datasourceId: source.id,
            topicId: source.topicId,
            dedupeKey: `demo:${source.id}:${date}:${n}:${language}`,
            createdAt,
          });
        }
      }
    }
  }
  const { count } = await prisma.summary.createMany({ data: rows, skipDuplicates: true });
  if (count > 0) log(`demo summaries: created ${count}`);
  return count;
}
