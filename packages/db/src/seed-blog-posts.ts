import type { PrismaClient } from '../generated/prisma/client.ts';

// A handful of published blog posts in both languages, so /blog is not empty on a fresh install.
// Keyed by (slug, language): re-seeding never overwrites an edited post or its view count.

type SeedPost = {
  slug: string;
  language: 'EN' | 'ZH';
  category: string;
  title: string;
  excerpt: string;
  content: string;
  tags: string[];
  featured?: boolean;
  featuredImageUrl?: string;
  featuredImageAlt?: string;
  readingTime: number;
  authorName: string;
  daysAgo: number;
};

const EN: SeedPost[] = [
  {
    slug: 'how-we-pick-sources',
    language: 'EN',
    category: 'product',
    title: 'How we pick the sources behind your daily digest',
    excerpt:
      'Every feed in Daily Curated earns its place. Here is the checklist we run before a blog, channel or podcast joins a topic.',
    content: `<p>Every morning the digest condenses a few hundred items into a ten-minute read. That only works if the inputs are good, so each source goes through the same review.</p>
<h2>The checklist</h2>
<ul><li><strong>Signal:</strong> does the author publish original work, not reposts?</li><li><strong>Cadence:</strong> at least one post a month, at most a few a day.</li><li><strong>Access:</strong> a stable RSS feed or public channel we can read politely.</li></ul>
<h2>Suggest a source</h2>
<p>Found a feed we are missing? Use <em>Suggest a source</em> on any topic page. We review suggestions within 1-2 days.</p>`,
    tags: ['sources', 'curation', 'digest', 'rss'],
    featured: true,
    // The post's own social card, drawn by the gateway: a picture that shows with no network.
    featuredImageUrl: '/api/social-cards/card.png?page=%2Fblog%2Fhow-we-pick-sources&format=webp',
    featuredImageAlt: 'The post’s title card',
    readingTime: 4,
    authorName: 'Mia Chen',
    daysAgo: 2,
  },
  {
    slug: 'summaries-that-respect-your-time',
    language: 'EN',
    category: 'engineering',
    title: 'Summaries that respect your time',
    excerpt:
      'What goes into a good AI summary: a headline you can trust, the key points, and a link to the source.',
    content: `<p>A summary is only useful if you can decide in five seconds whether the original deserves your next twenty minutes.</p>
<h2>Three rules</h2>
<ol><li>The headline states the claim, not the topic.</li><li>Key points quote numbers and names from the source.</li><li>The original link is always one click away.</li></ol>
<p>We check every model change against a fixed set of articles before it ships.</p>`,
    tags: ['ai', 'summaries', 'engineering'],
    readingTime: 6,
    authorName: 'Daniel Park',
    daysAgo: 9,
  },
  {
    slug: 'indie-hacker-reading-list',
    language: 'EN',
    category: 'guides',
    title: 'An indie hacker reading list for the weekend',
    excerpt:
      'Ten essays on pricing, distribution and shipping small, picked from this month’s most-read summaries.',
    content: `<p>These are the pieces our Indie Hackers readers opened most this month.</p>
<h2>Pricing</h2><p>Charge earlier than feels comfortable, and raise prices for new customers first.</p>
<h2>Distribution</h2><p>Write where your buyers already read. A newsletter beats a launch day.</p>`,
    tags: ['indie hackers', 'reading list', 'pricing', 'distribution', 'growth'],
    readingTime: 3,
    authorName: 'Mia Chen',
    daysAgo: 16,
  },
  {
    slug: 'introducing-daily-podcasts',
    language: 'EN',
    category: 'product',
    title: 'Introducing the daily topic podcast',
    excerpt: 'Each topic now has a short AI-narrated podcast, ready with your morning coffee.',
    content: `<p>Some days you would rather listen than read. Every topic now gets a short daily episode built from the same summaries as the digest.</p>
<p>Open <strong>Daily Podcast</strong> from the menu to listen, skip ahead ten seconds, or change the speed.</p>`,
    tags: ['podcast', 'launch'],
    readingTime: 2,
    authorName: 'Editorial team',
    daysAgo: 30,
  },
];

const ZH: SeedPost[] = [
  {
    slug: 'how-we-pick-sources',
    language: 'ZH',
    category: 'product',
    title: '我们如何挑选每日精选的信息源',
    excerpt: '每一个信息源都要经过同样的审核：原创性、更新频率和稳定的订阅方式。',
    content: `<p>每天早上，我们把几百条内容压缩成十分钟的阅读量。前提是输入足够好，所以每个信息源都要经过同样的审核。</p>
<h2>审核清单</h2>
<ul><li><strong>信号：</strong>作者是否发布原创内容？</li><li><strong>频率：</strong>每月至少一篇，每天不超过几篇。</li><li><strong>可访问：</strong>稳定的 RSS 或公开频道。</li></ul>
<p>发现遗漏的好内容？在任意主题页点击“推荐信息源”，我们会在 1-2 天内审核。</p>`,
    tags: ['信息源', '内容策展', 'RSS'],
    featured: true,
    featuredImageUrl: '/api/social-cards/card.png?page=%2Fzh%2Fblog%2Fhow-we-pick-sources&format=webp',
    featuredImageAlt: '文章的标题卡片',
    readingTime: 3,
    authorName: '陈米娅',
    daysAgo: 2,
  },
  {
    slug: 'ai-summary-principles',
    language: 'ZH',
    category: 'engineering',
    title: '好的 AI 摘要应该是什么样',
    excerpt: '标题说清结论，要点引用原文数据，原文链接随时可点。',
    content: `<p>摘要的价值在于：五秒钟内帮你判断原文值不值得再花二十分钟。</p>
<h2>三条原则</h2>
<ol><li>标题陈述结论，而不是话题。</li><li>要点引用原文中的数字和名字。</li><li>原文链接始终一键可达。</li></ol>`,
    tags: ['AI', '摘要', '工程'],
    readingTime: 5,
    authorName: '朴丹尼',
    daysAgo: 8,
  },
  {
    slug: 'wechat-and-rednote-sources',
    language: 'ZH',
    category: 'guides',
    title: '公众号与小红书内容现已加入精选',
    excerpt: '中文读者现在可以在每日精选里看到公众号文章和小红书笔记的摘要。',
    content: `<p>我们新增了微信公众号和小红书两类中文信息源，覆盖创业、产品和工程话题。</p>
<p>切换到中文界面即可在主题页看到这些内容。</p>`,
    tags: ['微信公众号', '小红书', '中文内容', '更新'],
    readingTime: 2,
    authorName: '编辑部',
    daysAgo: 20,
  },
];

export const SEED_BLOG_POSTS: readonly SeedPost[] = [...EN, ...ZH];

/** Inserts the seed posts that are missing; returns how many were created. */
export async function seedBlogPosts(
  prisma: PrismaClient,
  log: (msg: string) => void = () => {},
): Promise<number> {
  const now = Date.now();
  const { count } = await prisma.blogPost.createMany({
    data: SEED_BLOG_POSTS.map(({ daysAgo, featured, ...post }) => ({
      ...post,
      featured: featured ?? false,
      status: 'published' as const,
      publishedAt: new Date(now - daysAgo * 86_400_000),
      metaTitle: post.title,
      metaDescription: post.excerpt,
    })),
    skipDuplicates: true,
  });
  if (count > 0) log(`blog posts: created ${count}`);
  return count;
}
