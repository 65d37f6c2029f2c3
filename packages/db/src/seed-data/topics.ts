export type TopicSeed = {
  slug: string;
  name: string;
  nameZh: string;
  description: string;
  descriptionZh: string;
  keywords: string[];
};

// Slugs are stable: landing pages (/topics/{slug}) and the seed's upsert key depend on them.
export const TOPICS: TopicSeed[] = [
  {
    slug: 'ai-agents-apps',
    name: 'AI Agents & Apps',
    nameZh: 'AI 智能体与应用',
    description:
      'Autonomous agents, LLM-powered products and the tools to build them: new models, agent frameworks, evaluations and real-world AI applications.',
    descriptionZh:
      '自主智能体、大模型驱动的产品及其构建工具：新模型、智能体框架、评测方法与真实落地的 AI 应用。',
    keywords: ['AI agents', 'LLM', 'RAG', 'agent framework', 'AI apps', '智能体', '大模型', 'AIGC'],
  },
  {
    slug: 'engineering',
    name: 'Engineering',
    nameZh: '工程技术',
    description:
      'How strong engineering teams build and run software: architecture, distributed systems, developer tooling, reliability and performance.',
    descriptionZh: '优秀工程团队如何构建与运维软件：系统架构、分布式系统、开发者工具、稳定性与性能优化。',
    keywords: [
      'software engineering',
      'system design',
      'distributed systems',
      'DevOps',
      'programming',
      '架构',
      '后端',
      '前端',
    ],
  },
  {
    slug: 'indie-hackers-side-hustle',
    name: 'Indie Hackers & Side Hustles',
    nameZh: '独立开发与副业',
    description:
      'Bootstrapped products, solo founders and side projects: launches, revenue milestones, marketing tactics and lessons from building in public.',
    descriptionZh:
      '自力更生的产品、独立创始人与副业项目：产品发布、收入里程碑、增长技巧，以及公开构建的经验教训。',
    keywords: [
      'indie hacker',
      'bootstrapping',
      'side project',
      'SaaS',
      'MRR',
      'build in public',
      '独立开发',
      '副业',
    ],
  },
  {
    slug: 'product-management',
    name: 'Product Management',
    nameZh: '产品管理',
    description:
      'Product strategy, discovery, growth and the craft of product managers: frameworks, case studies and interviews with product leaders.',
    descriptionZh: '产品战略、用户洞察、增长与产品经理的专业技能：方法论、案例分析以及产品负责人的访谈。',
    keywords: [
      'product management',
      'product strategy',
      'growth',
      'roadmap',
      'user research',
      '产品经理',
      '用户增长',
      '需求分析',
    ],
  },
  {
    slug: 'startup-vc',
    name: 'Startups & VC',
    nameZh: '创业与投资',
    description:
      'Company building and venture capital: fundraising, market trends, founder stories, deals and the view from investors.',
    descriptionZh: '公司创建与风险投资：融资、市场趋势、创始人故事、投资交易与投资人视角。',
    keywords: [
      'startup',
      'venture capital',
      'fundraising',
      'seed round',
      'Series A',
      'founder',
      '创业',
      '融资',
    ],
  },
];
