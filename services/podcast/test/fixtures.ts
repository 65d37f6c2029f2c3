import type { PrismaClient } from '@app/db';

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
