/**
 * Hand-written events for test/fixtures/labelled-boilerplate.json (see build-boilerplate-fixture.ts).
 * The companies, products and numbers are invented. Each report is the content of one AI summary
 * (headline, lead paragraph, the three key points); the build script puts it into the shared
 * summary template and adds the newsletter footer where the outlet is a newsletter.
 *
 * `day` counts from the first day of the set (0–9) and `hour` is UTC; `hoursAfter` places a report
 * after the event's first one (at most 59 h, so all reports of one event fall within 60 h).
 */
export type Language = 'EN' | 'ZH';

/** The content of one summary: the lead paragraph and the three key points. */
export type Summary = {
  lead: string;
  points: [changed: string, matters: string, next: string];
  /** The summary's own heading when it is not the headline (an empty or one-word headline). */
  heading?: string;
};

/**
 * `update`: the same outlet's follow-up a day later; `take`: a short post-like take; `headline-only`:
 * a report with no summary text. All three are reports of their event told with few shared words.
 */
export type ReportKind = 'update' | 'take' | 'headline-only';

export type Report = {
  language: Language;
  source: string;
  hoursAfter: number;
  headline: string;
  summary: Summary | null;
  kind?: ReportKind;
};

export type BoilerplateEvent = {
  event: string;
  /**
   * Events of one family share vocabulary (two funding rounds in one week, two versions of one
   * product, two outages) but are different events; their reports are `hard-negative` items.
   */
  family?: string;
  /** The third key point is "Try it" (something readers can use) rather than "What's next". */
  tryIt?: boolean;
  day: number;
  hour: number;
  reports: Report[];
};

/** An item that is its own event: a podcast episode, or a bad input. */
export type SingleItem = {
  event: string;
  kind: 'hard-negative' | 'bad-input';
  language: Language;
  source: string;
  day: number;
  hour: number;
  headline: string;
  summary: Summary | null;
  tryIt?: boolean;
  /** The same item, byte for byte, published by a second outlet (syndicated copy): the same event. */
  alsoFrom?: { source: string; minutesAfter: number };
};

/** Newsletters: every item of these outlets ends with the outlet's footer. */
export const NEWSLETTER_FOOTERS: Record<string, string> = {
  'The Inference Newsletter': [
    '---',
    '',
    'Thanks for reading The Inference Newsletter. Every weekday we read the launches, papers, funding rounds and outages so you do not have to, and we keep each story short enough to finish with your first coffee. If a friend or colleague would find this useful, forward this to a friend; they can subscribe for free at inference-newsletter.example/subscribe. Got a tip, a correction or a release we missed? Just reply to this email and it reaches the editors directly.',
    '',
    'Sponsored by Tessellate: the observability platform for AI agents. Trace every tool call, replay failed runs and set spend limits per team. Start a 30-day trial at tessellate.example.',
    '',
    'You are receiving this because you subscribed to The Inference Newsletter. Unsubscribe · Manage preferences · View in browser',
    '© 2026 Inference Media, 500 Market Street, San Francisco',
  ].join('\n'),
  '硅谷前哨 Newsletter': [
    '——',
    '',
    '感谢阅读本期《硅谷前哨》。我们每个工作日从上百条发布、论文、融资和故障消息中挑出最值得看的几条，用三分钟讲清楚来龙去脉。如果你觉得有用，欢迎转发给朋友或同事，让他们也能在通勤路上读完；新读者可以在 qianshao.example/subscribe 免费订阅。发现错误、有线索或者我们漏掉的发布？直接回复这封邮件，编辑部每一封都会看。',
    '',
    '本期赞助：算力方舟——按秒计费的 GPU 云，新用户注册即送 100 元代金券，详见 suanli.example。',
    '',
    '你收到这封邮件是因为订阅了《硅谷前哨》Newsletter。退订 · 管理订阅偏好 · 在浏览器中查看',
    '© 2026 前哨传媒 · 上海市徐汇区',
  ].join('\n'),
};

const report =
  (language: Language) =>
  (
    source: string,
    hoursAfter: number,
    headline: string,
    lead: string,
    points: [string, string, string],
    kind?: ReportKind,
  ): Report => ({ language, source, hoursAfter, headline, summary: { lead, points }, ...(kind && { kind }) });
const en = report('EN');
const zh = report('ZH');
const headlineOnly = (language: Language, source: string, hoursAfter: number, headline: string): Report => ({
  language,
  source,
  hoursAfter,
  headline,
  summary: null,
  kind: 'headline-only',
});

// Outlets. EN: Circuit Ledger, The Stack Report, Byteline, Ops Chronicle, Founders Ledger,
// Model Drop Weekly, Builder Weekly, The Inference Newsletter, two people's posts.
// ZH: 极客速递, 智能观察, 开发者日报, 机器之芯, 硅谷前哨 Newsletter, 开源周报 Weekly, two 相关推文 accounts.
const MIRA = 'Mira Okafor / @miraokafor';
const DEVON = 'Devon Hale / @devonhale';
const LUMEN_POSTS = 'Lumen Labs 相关推文';
const MODEL_POSTS = '模型速递 相关推文';

export const BOILERPLATE_EVENTS: BoilerplateEvent[] = [
  {
    event: 'bp-brightline-acquires-patchwork',
    day: 0,
    hour: 14,
    reports: [
      en(
        'Circuit Ledger',
        0,
        'Brightline to acquire Patchwork for $210 million',
        'Brightline, the workplace software group, said on Monday it will buy Patchwork, the collaborative document editor, for $210 million in cash. Patchwork has about 3,000 paying teams and 41 employees, all of whom are expected to join Brightline.',
        [
          'Patchwork becomes part of Brightline’s productivity suite once the deal closes, expected in September.',
          'It is Brightline’s third acquisition this year and its largest since buying a calendar startup in 2024.',
          'Patchwork’s standalone plans stay on sale until the end of the year.',
        ],
      ),
      en(
        'Founders Ledger',
        3,
        'Patchwork sells to Brightline after two years of slow growth',
        'The document startup Patchwork has agreed to a $210M cash sale to Brightline. Investors who put in $18M at its Series A get roughly a 4x return, according to two people familiar with the terms.',
        [
          'Patchwork had been trying to raise a Series B since late last year without a lead investor.',
          'Founders in collaborative editing are finding that suites, not standalone tools, win enterprise budgets.',
          'Patchwork’s co-founders will run Brightline’s documents unit.',
        ],
      ),
      zh(
        '极客速递',
        12,
        '协作文档工具 Patchwork 被 Brightline 以 2.1 亿美元收购',
        '办公软件公司 Brightline 宣布以 2.1 亿美元现金收购在线协作文档 Patchwork。Patchwork 目前有约 3000 个付费团队，41 名员工将全部加入 Brightline。',
        [
          'Patchwork 将并入 Brightline 的办公套件，交易预计 9 月完成。',
          '这是 Brightline 今年第三起收购，也是规模最大的一起。',
          '现有的独立订阅在年底前继续销售。',
        ],
      ),
      en(
        'Circuit Ledger',
        30,
        'Patchwork customers get a free year of migration help after Brightline deal',
        'A day after announcing the $210 million purchase, Brightline told Patchwork customers they will get twelve months of free migration support and can keep their current price for two years.',
        [
          'The pricing promise answers complaints on forums that suite bundles would double costs.',
          'Retention of Patchwork’s 3,000 teams is the main value of the purchase.',
          'A migration tool for existing workspaces ships in October.',
        ],
        'update',
      ),
    ],
  },
  {
    event: 'bp-vellum-2-3',
    family: 'vellum-releases',
    tryIt: true,
    day: 0,
    hour: 15,
    reports: [
      en(
        'Byteline',
        0,
        'Vellum 2.3 adds parallel tool calls to its agent runner',
        'Vellum, the open-source runner for AI agents, released version 2.3 with parallel tool calls: an agent can now fetch several web pages or query several databases at once instead of one after another.',
        [
          'Tool calls marked as independent run concurrently, up to eight at a time by default.',
          'Agents that spend most of their time waiting on HTTP calls finish two to three times sooner.',
          'Upgrade with `pip install -U vellum`; the option is `parallel_tools=True`.',
        ],
      ),
      en(
        'Builder Weekly',
        9,
        'Vellum 2.3: your agent can finally do two things at once',
        'The latest Vellum release lets an agent run independent tool calls concurrently. In our test, a research agent that reads ten pages dropped from 48 seconds to 17.',
        [
          'Concurrency is opt-in per tool, so side-effecting tools stay sequential.',
          'Latency, not tokens, has been the main complaint about Vellum agents in production.',
          'The release notes include a migration checklist for custom tool wrappers.',
        ],
      ),
      zh(
        '开源周报 Weekly',
        18,
        'Vellum 2.3 发布：智能体支持并行工具调用',
        '开源智能体运行框架 Vellum 发布 2.3 版本，相互独立的工具调用现在可以同时执行，默认最多 8 个并发。',
        [
          '标记为独立的工具调用会并发运行，有副作用的工具仍按顺序执行。',
          '以等待网络请求为主的智能体整体耗时可缩短一半以上。',
          '通过 pip 升级后设置 parallel_tools=True 即可开启。',
        ],
      ),
    ],
  },
  {
    event: 'bp-qinghe-model-2',
    family: 'qinghe-releases',
    day: 0,
    hour: 4,
    reports: [
      zh(
        '机器之芯',
        0,
        '青禾科技发布青禾大模型 2.0，中文长文本能力大幅提升',
        '青禾科技周一在杭州发布青禾大模型 2.0，上下文长度从 3.2 万字扩展到 20 万字，并宣布面向企业开放私有化部署。公司称新模型在法律、财税文档问答上的准确率提升约 30%。',
        [
          '上下文扩展到 20 万字，支持整本合同、年报一次性输入。',
          '青禾是少数同时提供公有云接口和私有化部署的国内模型厂商。',
          'API 价格维持不变，私有化版本下月起接受预约。',
        ],
      ),
      zh(
        MODEL_POSTS,
        1,
        '青禾 2.0 来了',
        '刚刚，青禾科技官方宣布青禾大模型 2.0 上线，20 万字上下文，价格不涨。',
        ['长文本能力是这次的重点。', '对做文档问答的团队是好消息。', '官网已可申请试用。'],
        'take',
      ),
      zh(
        '智能观察',
        3,
        '20 万字上下文、支持私有化：青禾大模型迎来 2.0 版本',
        '杭州青禾科技今日推出新一代模型。与一年前的 1.5 版相比，2.0 重点改进了长文档理解和表格推理，发布会上演示了一次读完 300 页招股书并回答细节问题。',
        [
          '新增表格推理和长文档检索，招股书演示中可定位到具体页码。',
          '企业客户最关心的数据不出域问题，这次通过私有化部署回应。',
          '公司透露年内还将推出多模态版本。',
        ],
      ),
      zh(
        '硅谷前哨 Newsletter',
        20,
        '今日关注：青禾大模型 2.0 发布',
        '国内模型厂商青禾科技推出 2.0 版本，主打超长上下文与私有化部署，API 价格不变。',
        [
          '上下文长度提升到 20 万字。',
          '长文本和私有化是国内企业采购模型时最常提出的两项要求。',
          '多模态版本预计年内发布。',
        ],
      ),
    ],
  },
  {
    event: 'bp-hangzhou-compute-vouchers',
    day: 1,
    hour: 2,
    reports: [
      zh(
        '极客速递',
        0,
        '杭州发放 5 亿元算力券，中小企业最高可抵扣 50% 费用',
        '杭州市经信部门发布通知，今年将发放总额 5 亿元的算力券，本地中小企业租用 GPU 算力训练或部署模型时，最高可抵扣 50% 的费用，单家企业每年上限 300 万元。',
        [
          '算力券按季度申领，可在十余家入围云服务商处使用。',
          '算力成本是中小模型团队最大的支出项。',
          '首批申报 8 月 1 日开始。',
        ],
      ),
      zh(
        '智能观察',
        5,
        '5 亿元补贴落地：杭州用“算力券”给 AI 创业公司减负',
        '继多个城市之后，杭州也推出算力券。按照新政，符合条件的企业可凭券在指定平台租用算力，政府承担最多一半成本。',
        [
          '与此前的一次性补贴不同，算力券直接抵扣账单，按季度发放。',
          '业内人士认为这会让本地 GPU 云的价格竞争更加激烈。',
          '申报细则将于下周公布。',
        ],
      ),
      zh(
        '开发者日报',
        24,
        '杭州算力券细则：哪些团队能申请、怎么用',
        '杭州算力券政策发布后，开发者最关心的是门槛。根据问答文件，注册在杭州、员工少于 300 人、有模型训练或推理业务的企业均可申请。',
        [
          '个人开发者不在范围内，需以企业名义申报。',
          '每年 300 万元的上限足以覆盖大多数小团队的推理开销。',
          '8 月起在政务服务网提交材料。',
        ],
      ),
    ],
  },
  {
    event: 'bp-qubitra-logical-qubit',
    day: 1,
    hour: 10,
    reports: [
      en(
        'Circuit Ledger',
        0,
        'Qubitra shows a logical qubit that beats its physical ones',
        'Quantum startup Qubitra published results showing an error-corrected logical qubit whose error rate is lower than that of the physical qubits it is built from, a threshold the field has chased for two decades. The experiment used 49 superconducting qubits.',
        [
          'The logical error rate fell as the code grew from 17 to 49 physical qubits.',
          'Crossing the threshold means adding hardware now improves accuracy instead of hurting it.',
          'Qubitra plans a 100-qubit device next year to run two logical qubits at once.',
        ],
      ),
      zh(
        '机器之芯',
        14,
        '量子纠错迎来关键一步：Qubitra 逻辑比特错误率低于物理比特',
        '量子计算初创公司 Qubitra 发表论文称，其用 49 个超导量子比特编码的逻辑比特，错误率首次低于单个物理比特。',
        [
          '纠错码规模从 17 个扩大到 49 个比特时，逻辑错误率持续下降。',
          '这意味着继续堆硬件可以换来更高精度，是实用量子计算的前提。',
          '公司计划明年推出 100 比特设备。',
        ],
      ),
      en(
        'The Inference Newsletter',
        24,
        'Quantum error correction crosses a line',
        'Below threshold, at last: a 49-qubit chip from a startup ran a corrected qubit that makes fewer mistakes than the raw hardware underneath it. Physicists call this the point where scaling starts to pay.',
        [
          'Errors shrank with every increase in code size, the signature experts had been waiting for.',
          'Useful quantum chemistry needs hundreds of such corrected qubits, so this is step one of many.',
          'Independent groups will try to reproduce it this year.',
        ],
      ),
    ],
  },
  {
    event: 'bp-parsec-series-b',
    family: 'funding-rounds',
    day: 1,
    hour: 13,
    reports: [
      en(
        'Founders Ledger',
        0,
        'Parsec raises $40M Series B for AI code review',
        'Parsec, whose AI reviewer comments on pull requests before a human looks at them, raised a $40 million Series B led by Northgate Ventures. The San Francisco company says 1,100 engineering teams pay for it.',
        [
          'The round values Parsec at $310 million, up from $85 million a year ago.',
          'Code review is becoming the bottleneck as AI writes more of the code.',
          'Parsec will hire 40 people, mostly to support on-premise installs for banks.',
        ],
      ),
      en(
        'Circuit Ledger',
        2,
        'Northgate leads $40 million round in code-review startup Parsec',
        'Northgate Ventures led a $40 million investment in Parsec, a two-year-old company that reads pull requests and flags bugs, security issues and missing tests.',
        [
          'Existing investors Lindenfield and Sparrow Capital joined the round.',
          'Parsec competes with code hosts that now bundle their own review bots.',
          'A self-hosted version for regulated industries is due in the autumn.',
        ],
      ),
      zh(
        '极客速递',
        10,
        'AI 代码审查公司 Parsec 完成 4000 万美元 B 轮融资',
        '总部位于旧金山的 Parsec 宣布完成 4000 万美元 B 轮融资，由 Northgate Ventures 领投。Parsec 的产品会在人工审查之前自动检查代码合并请求。',
        [
          '本轮后公司估值 3.1 亿美元，一年内增长近三倍。',
          '随着 AI 写的代码越来越多，代码审查成了新的瓶颈。',
          '资金将用于面向银行等客户的私有化部署。',
        ],
      ),
      en(
        'The Inference Newsletter',
        18,
        'Money for the machines that check the machines',
        'Parsec, an AI reviewer for pull requests, closed a $40M Series B. Its pitch: if agents write half your code, something has to read it before it ships.',
        [
          'Valuation roughly tripled in twelve months.',
          'Investors are betting on tools that sit after code generation, not only on generation itself.',
          'Watch for Parsec’s on-premise release later this year.',
        ],
      ),
    ],
  },
  {
    event: 'bp-lumen-4-launch',
    family: 'lumen-releases',
    tryIt: true,
    day: 1,
    hour: 16,
    reports: [
      en(
        'Model Drop Weekly',
        0,
        'Lumen Labs releases Lumen 4 with a million-token context and lower prices',
        'Lumen Labs made Lumen 4 generally available on Tuesday. The model accepts a one-million-token context, answers about twice as fast as Lumen 3 on the company’s own benchmarks, and costs $1.50 per million input tokens, half the previous price. Lumen 4 also adds native image input and a structured-output mode that guarantees valid JSON. The company says it was trained on a new cluster in Oregon and that enterprise customers get a 99.9% uptime commitment from day one.',
        [
          'Context grows from 200,000 to one million tokens; input price halves to $1.50 per million.',
          'Long-context reliability has been the weak point of every model this size, and Lumen claims 95% recall across the full window.',
          'Available now in the API and the Lumen app; the old model stays online for 90 days.',
        ],
      ),
      en(
        MIRA,
        1,
        'Spent an hour with the new one from Lumen',
        'It is quick. Like, noticeably quick. Threw a whole codebase at it and it found the bug I planted.',
        [
          'Feels about 2x snappier.',
          'The big-window thing actually holds up.',
          'Go try it before the rate limits kick in.',
        ],
        'take',
      ),
      zh(
        LUMEN_POSTS,
        2,
        'Lumen Labs：Lumen 4 今天向所有人开放',
        'Lumen Labs 官方账号发文：Lumen 4 现已上线，更快、更便宜，还能读更长的文档。',
        ['官方称速度翻倍。', '价格降到原来一半。', '应用和 API 同步可用。'],
        'take',
      ),
      zh(
        '机器之芯',
        6,
        'Lumen 4 正式发布：百万上下文、价格减半',
        'Lumen Labs 发布新一代模型 Lumen 4，上下文窗口扩展到 100 万 token，输入价格降至每百万 token 1.5 美元，并新增图像输入和保证合法 JSON 的结构化输出。',
        [
          '上下文从 20 万扩展到 100 万 token，官方称全窗口召回率 95%。',
          '长上下文的可靠性一直是同级模型的短板。',
          '旧模型将再保留 90 天。',
        ],
      ),
      en(
        'The Inference Newsletter',
        14,
        'The week’s big model: Lumen 4',
        'Lumen Labs shipped its fourth-generation model: a million tokens of context, image input, guaranteed JSON, and a price cut to $1.50 per million input tokens.',
        [
          'Half the price of its predecessor while being faster.',
          'Puts pressure on rivals who charge three times as much for long context.',
          'Early testers report strong results on code and contracts; independent evals are due next week.',
        ],
      ),
      headlineOnly('EN', 'Byteline', 20, 'Lumen 4 arrives'),
    ],
  },
  {
    event: 'bp-cobalt-api-price-cut',
    family: 'price-cuts',
    day: 1,
    hour: 18,
    reports: [
      en(
        'Model Drop Weekly',
        0,
        'Cobalt AI cuts API prices by 60% across its models',
        'Cobalt AI lowered the price of its flagship model to $2 per million input tokens and its small model to $0.10, cuts of about 60%. The company credited a new inference stack running on its own chips.',
        [
          'Output tokens drop from $24 to $9 per million on the flagship.',
          'Cobalt was the most expensive of the large providers until today.',
          'New prices apply automatically from the next billing cycle.',
        ],
      ),
      zh(
        MODEL_POSTS,
        5,
        'Cobalt AI 全线降价六成',
        'Cobalt AI 宣布 API 全线降价约 60%，旗舰模型输入价格降至每百万 token 2 美元。',
        ['小模型降到 0.1 美元。', '此前 Cobalt 是主流厂商里最贵的。', '下个账单周期自动生效。'],
        'take',
      ),
      en(
        'Builder Weekly',
        24,
        'What Cobalt’s price cut means for your bill',
        'We reran last month’s usage from three production apps at Cobalt’s new prices: the chat app drops from $4,100 to $1,700 a month, the summarizer from $950 to $380.',
        [
          'Output-heavy workloads benefit most because output prices fell the furthest.',
          'Switching providers for price alone now rarely pays off.',
          'Check cached-input pricing, which did not change.',
        ],
      ),
    ],
  },
  {
    event: 'bp-xingtu-series-a',
    family: 'zh-funding-rounds',
    day: 2,
    hour: 3,
    reports: [
      zh(
        '极客速递',
        0,
        'GPU 云服务商星图智算完成 3 亿元 A 轮融资',
        '成都 GPU 云服务商星图智算宣布完成 3 亿元人民币 A 轮融资，由蓝湾资本领投，老股东云启跟投。公司目前在西南地区运营三座智算中心，约 4000 张 GPU。',
        [
          '本轮资金将用于在重庆建设第四座智算中心。',
          '模型训练需求外溢到西部，电价和机房成本是主要优势。',
          '公司计划明年启动 B 轮。',
        ],
      ),
      zh(
        '机器之芯',
        4,
        '蓝湾资本领投，星图智算拿下 3 亿 A 轮',
        '专注西部地区算力租赁的星图智算获得新一轮融资。创始人表示，客户以高校和中小模型公司为主，GPU 使用率常年保持在 85% 以上。',
        [
          '融资后将新增约 2000 张 GPU。',
          '算力租赁仍是资本最青睐的 AI 基础设施方向之一。',
          '重庆新机房预计明年一季度投产。',
        ],
      ),
      zh(
        '硅谷前哨 Newsletter',
        12,
        '融资速览：星图智算 3 亿元 A 轮',
        '西南 GPU 云厂商星图智算完成 A 轮融资，金额 3 亿元，蓝湾资本领投。',
        ['公司现有约 4000 张 GPU。', '西部电价低，是智算中心选址的新热点。', '第四座机房落地重庆。'],
      ),
    ],
  },
  {
    event: 'bp-quillmark-series-b',
    family: 'funding-rounds',
    day: 2,
    hour: 14,
    reports: [
      en(
        'Founders Ledger',
        0,
        'Quillmark lands $38M Series B to automate contract drafting',
        'Quillmark, which drafts and redlines commercial contracts with language models, raised a $38 million Series B led by Harbor Peak Capital. The London startup works with 260 law firms and in-house legal teams.',
        [
          'Revenue tripled last year, the company says, without disclosing figures.',
          'Legal work is one of the few areas where customers pay per seat for AI tools at high prices.',
          'Quillmark will open a New York office and add US contract templates.',
        ],
      ),
      en(
        'Byteline',
        5,
        'Harbor Peak bets $38 million on AI contract drafting',
        'London-based Quillmark closed a Series B of $38 million with Harbor Peak Capital leading. Its software writes first drafts of NDAs, supply deals and leases, then marks up the other side’s changes.',
        [
          'The startup says lawyers accept 70% of its suggested edits unchanged.',
          'A crowded field: at least six legal-drafting startups raised money this year.',
          'US expansion starts with a New York office in the autumn.',
        ],
      ),
      zh(
        '智能观察',
        16,
        '法律 AI 公司 Quillmark 获 3800 万美元 B 轮融资',
        '伦敦法律科技公司 Quillmark 完成 3800 万美元 B 轮融资，Harbor Peak Capital 领投。公司用大模型起草和修订商业合同，已服务 260 家律所和企业法务团队。',
        [
          '律师对其修改建议的直接采纳率约为 70%。',
          '法律是少数客户愿意按席位高价付费的 AI 应用领域。',
          '下一步将进入美国市场。',
        ],
      ),
    ],
  },
  {
    event: 'bp-pike-agent-mode',
    tryIt: true,
    day: 2,
    hour: 16,
    reports: [
      en(
        'Byteline',
        0,
        'Pike browser adds an agent mode that fills in forms for you',
        'The Pike browser now has an agent mode: describe a task such as booking a table or renewing a parking permit, and Pike clicks through the pages itself, stopping to ask before anything is paid or submitted.',
        [
          'Agent mode runs in a separate, signed-out profile unless you allow your logins.',
          'Pike is the first mainstream browser to ship an agent to all users rather than a waitlist.',
          'Update to Pike 31 and press Ctrl+J to start a task.',
        ],
      ),
      en(
        'The Stack Report',
        7,
        'Pike 31 lets an AI drive your tabs',
        'We asked the new agent in Pike 31 to renew a library card, compare three flights and fill a tax form. It finished two of the three; the tax form stopped at a CAPTCHA.',
        [
          'Every payment or submit button needs a human confirmation.',
          'Sites that rely on CAPTCHAs will block it, which may be the point.',
          'An extension API for site owners is planned.',
        ],
      ),
      zh(
        '极客速递',
        15,
        'Pike 浏览器上线智能体模式，可自动填写表单',
        'Pike 浏览器 31 版推出智能体模式，用户描述任务后，浏览器会自动点击网页完成操作，在付款或提交前会请求确认。',
        [
          '智能体默认在未登录的独立配置中运行。',
          '这是首个向全部用户开放智能体功能的主流浏览器。',
          '升级到 31 版后按 Ctrl+J 即可使用。',
        ],
      ),
    ],
  },
  {
    event: 'bp-northwind-us-east-outage',
    family: 'outages',
    day: 2,
    hour: 18,
    reports: [
      en(
        'Ops Chronicle',
        0,
        'Northwind Cloud’s us-east-2 region down for three hours',
        'Northwind Cloud’s us-east-2 region failed on Wednesday afternoon, taking down virtual machines, managed databases and the load balancers in front of them for about three hours. Status pages of dozens of customers, including two payment apps, showed errors.',
        [
          'Compute, storage and networking in all three availability zones were affected.',
          'Many customers run only in us-east-2, the cheapest region, so failover was not possible.',
          'Northwind promised a full incident report within 48 hours.',
        ],
      ),
      en(
        DEVON,
        0.5,
        'and the cloud is down again',
        'Half my dashboards are red. If your app is broken right now it is probably not your fault.',
        [
          'Everything in that region is erroring.',
          'Single-region setups hurt today.',
          'Go outside for a bit.',
        ],
        'take',
      ),
      en(
        'The Stack Report',
        1,
        'Northwind outage knocks payment apps and SaaS tools offline',
        'A regional failure at Northwind Cloud left apps that depend on its Virginia data centres unreachable during the US afternoon. Northwind’s status page first blamed “elevated error rates” and later a networking fault.',
        [
          'Payment apps and several developer tools reported failures within minutes.',
          'The region hosts an estimated 40% of Northwind’s customers.',
          'Engineers were rolling back a change as of 21:00 UTC.',
        ],
      ),
      zh(
        '智能观察',
        8,
        'Northwind 云美东区域宕机约三小时',
        '云服务商 Northwind Cloud 的 us-east-2 区域周三下午发生故障，虚拟机、托管数据库和负载均衡服务中断约三小时，多家支付和软件公司受到影响。',
        [
          '三个可用区全部受影响。',
          '许多客户只部署在这个价格最低的区域，无法切换。',
          'Northwind 承诺 48 小时内公布事故报告。',
        ],
      ),
      en(
        'Ops Chronicle',
        22,
        'Northwind blames a faulty config push for Wednesday’s disruption',
        'Northwind Cloud said an automated configuration change to its internal DNS was deployed to all zones at once instead of one at a time, which stopped services from finding each other. Credits of 10% of the monthly bill go to affected customers.',
        [
          'The staged-rollout check was skipped because the change was classed as low risk.',
          'Correlated failure across zones is exactly what multi-zone designs assume cannot happen.',
          'Northwind will require staged rollouts for all DNS changes from next week.',
        ],
        'update',
      ),
    ],
  },
  {
    event: 'bp-yuanjian-series-a',
    family: 'zh-funding-rounds',
    day: 3,
    hour: 2,
    reports: [
      zh(
        '智能观察',
        0,
        'AI 教育公司元简科技完成 2.8 亿元 A 轮融资',
        '北京 AI 教育公司元简科技宣布完成 2.8 亿元人民币 A 轮融资，由启明湾创投领投。元简的产品为中学生提供逐步讲解的数学和物理辅导。',
        [
          '公司称付费用户已超过 40 万。',
          '教育是大模型应用中付费意愿较强的场景之一。',
          '资金将用于扩充题库和线下学习中心。',
        ],
      ),
      zh(
        '极客速递',
        7,
        '启明湾领投，元简科技拿下 2.8 亿 A 轮',
        '做中学理科辅导的元简科技获得新融资。与直接给出答案的搜题工具不同，元简会一步步提问引导学生自己推导。',
        ['付费用户 40 万。', '监管更鼓励“引导式”而非“搜答案”的产品。', '年内推出初中英语科目。'],
      ),
    ],
  },
  {
    event: 'bp-chiyuan-ev-recall',
    family: 'recalls',
    day: 3,
    hour: 5,
    reports: [
      zh(
        '智能观察',
        0,
        '驰远汽车召回 1.2 万辆电动车，电池管理软件存缺陷',
        '驰远汽车向市场监管部门备案召回计划，召回 2024 年生产的部分驰远 S7 电动车共 12,036 辆。原因是电池管理软件在低温下可能误报电量，极端情况下导致车辆突然降功率。',
        [
          '车企将通过远程升级免费修复。',
          '这是今年规模最大的一次软件类召回。',
          '车主可在 App 中查询车辆是否在范围内。',
        ],
      ),
      zh(
        '极客速递',
        3,
        '低温误报电量：驰远 S7 召回超 1.2 万辆',
        '驰远汽车宣布召回 S7 车型，涉及 12,036 辆。问题出在电池管理系统的电量估算，冬季可能出现“显示有电、实际降功率”的情况。',
        [
          '修复以 OTA 方式推送，无需到店。',
          '软件缺陷正在成为电动车召回的主要原因。',
          '升级将在两周内完成推送。',
        ],
      ),
      zh(
        '机器之芯',
        9,
        '一次 OTA 就能完成的召回：驰远 S7 电池软件问题解析',
        '驰远此次召回的 1.2 万辆 S7 将全部通过远程升级修复。工程师解释，原算法在零下十度以下对电芯电压的补偿不足。',
        [
          '新算法加入了温度补偿表。',
          'OTA 召回让车企修复成本大幅降低，但也要求更严格的测试。',
          '监管部门将跟进升级完成率。',
        ],
      ),
    ],
  },
  {
    event: 'bp-stack-report-dev-survey',
    day: 3,
    hour: 13,
    reports: [
      en(
        'The Stack Report',
        0,
        'Our developer survey: 71% now use an AI assistant every day',
        'The Stack Report’s annual survey of 18,400 developers found that 71% use an AI coding assistant daily, up from 44% last year. Only 29% say they trust its output without reviewing it.',
        [
          'Daily use rose fastest among developers with more than ten years of experience.',
          'Trust has not kept up with usage, which shapes how teams review AI-written code.',
          'The full data set is published under a CC BY licence.',
        ],
      ),
      zh(
        '开发者日报',
        12,
        '1.8 万名开发者调查：71% 每天使用 AI 编程助手',
        '根据 The Stack Report 年度开发者调查，每天使用 AI 编程助手的开发者比例从去年的 44% 升至 71%，但只有 29% 表示会不经检查直接采用其输出。',
        ['资深开发者的使用率增长最快。', '信任度没有跟上使用率。', '完整数据已开放下载。'],
      ),
      en(
        'Builder Weekly',
        20,
        'Seven in ten developers use AI daily, few trust it',
        'A survey of nearly 18,000 programmers shows AI assistants went from optional to routine in a year. The catch: most still check everything the assistant writes.',
        [
          'Usage up 27 points year on year.',
          'Review time, not typing time, is now the cost teams measure.',
          'Download the raw answers and slice them by language and company size.',
        ],
      ),
    ],
  },
  {
    event: 'bp-loomwork-seed',
    family: 'funding-rounds',
    day: 3,
    hour: 15,
    reports: [
      en(
        'Founders Ledger',
        0,
        'Loomwork raises $12M seed to schedule warehouse shifts with agents',
        'Loomwork, a Rotterdam startup whose agents plan warehouse staffing around delivery forecasts, raised a $12 million seed round led by Canalside Partners.',
        [
          'Loomwork runs in 30 warehouses, mostly for grocery chains.',
          'Labour is the largest cost in logistics, and schedules are still built in spreadsheets.',
          'The money goes into integrations with three large warehouse-management systems.',
        ],
      ),
      en(
        'Circuit Ledger',
        26,
        'Canalside backs Dutch logistics startup Loomwork with $12 million',
        'Canalside Partners led a $12 million seed investment in Loomwork, which forecasts parcel volumes and proposes shift rosters that managers approve with one click.',
        [
          'Pilot customers cut overtime by about a fifth.',
          'A rare seed round of this size outside the US for industrial software.',
          'Loomwork plans to expand to Germany next spring.',
        ],
      ),
    ],
  },
  {
    event: 'bp-halcyon-h3-accelerator',
    day: 3,
    hour: 17,
    reports: [
      en(
        'Circuit Ledger',
        0,
        'Halcyon unveils H3, an inference chip aimed at long-context models',
        'Halcyon Semiconductor introduced the H3 accelerator on Thursday, a chip built for serving language models rather than training them. It pairs 288 GB of high-bandwidth memory with a compute die made on a 3 nm process, and Halcyon says a rack of 64 H3s serves a million-token context at a third of the cost of current GPUs. Samples ship to cloud providers in the fourth quarter; volume production starts next year.',
        [
          'Memory per chip is 288 GB, enough to hold large models and long contexts without splitting them.',
          'Inference, not training, is now where most AI chip spending goes.',
          'Three cloud providers have signed up for samples.',
        ],
      ),
      headlineOnly('EN', 'Byteline', 1, 'Halcyon’s H3 is here'),
      en(
        MIRA,
        4,
        'Memory is the new FLOPs',
        'That new serving chip with 288 gigs on board is the right bet. Nobody is compute-bound at inference, we are all waiting on memory.',
        ['Huge on-package memory.', 'Serving is where the money is.', 'Curious to see real tokens/sec.'],
        'take',
      ),
      zh(
        '机器之芯',
        9,
        'Halcyon 发布推理芯片 H3，单卡 288GB 高带宽内存',
        'Halcyon 半导体发布面向大模型推理的 H3 加速器，采用 3 纳米工艺，单卡配备 288GB 高带宽内存，官方称 64 卡机柜可用现有 GPU 三分之一的成本提供百万上下文推理。',
        [
          '第四季度向云厂商送样，明年量产。',
          '推理正成为 AI 芯片支出的主要部分。',
          '已有三家云厂商签约测试。',
        ],
      ),
    ],
  },
  {
    event: 'bp-kestrel-cdn-outage',
    family: 'outages',
    day: 3,
    hour: 20,
    reports: [
      en(
        'Ops Chronicle',
        0,
        'Kestrel CDN outage takes thousands of sites offline for 40 minutes',
        'Content delivery network Kestrel served errors worldwide for about 40 minutes on Thursday evening after an intermediate TLS certificate expired. News sites, online shops and a popular status-page service were unreachable.',
        [
          'Browsers rejected connections because the certificate chain was no longer valid.',
          'An expired certificate is a preventable failure, and Kestrel had an alert for it that went to an unused mailbox.',
          'Kestrel says it is moving to automated renewal with 30 days of margin.',
        ],
      ),
      en(
        'Byteline',
        2,
        'An expired certificate broke a big chunk of the web tonight',
        'If pages failed to load around 20:00 UTC, Kestrel is why: the CDN let a certificate lapse, and every browser refused to talk to its edge servers until a new one was pushed.',
        [
          'Fix was rolled out in 40 minutes, but caches took longer to recover.',
          'Ironically, the status-page provider many sites use was also behind Kestrel.',
          'Kestrel will publish a post-mortem on Monday.',
        ],
      ),
      zh(
        '开发者日报',
        10,
        'Kestrel CDN 因证书过期全球中断 40 分钟',
        'CDN 服务商 Kestrel 周四晚间因中间证书过期，全球边缘节点返回错误约 40 分钟，大量新闻网站和电商页面无法访问。',
        [
          '浏览器因证书链失效拒绝连接。',
          '证书过期属于完全可以避免的故障。',
          '公司将改为提前 30 天自动续期。',
        ],
      ),
    ],
  },
  {
    event: 'bp-ai-content-label-standard',
    day: 4,
    hour: 2,
    reports: [
      zh(
        '智能观察',
        0,
        '生成式内容标识团体标准发布，要求显式和隐式双重标注',
        '数字内容产业联盟发布《生成式人工智能内容标识指南》团体标准，要求 AI 生成的文字、图片、音视频同时带有用户可见的显式标识和写入文件元数据的隐式标识。',
        [
          '标准覆盖文本、图像、音频和视频四类内容。',
          '平台此前各自为政，统一格式便于跨平台识别。',
          '标准将于 10 月 1 日起实施。',
        ],
      ),
      zh(
        '机器之芯',
        6,
        'AI 生成内容怎么打标？一份团体标准给出具体格式',
        '新发布的团体标准规定了隐式标识的元数据字段，包括生成服务名称、内容编号和生成时间，并给出了图片水印的最小尺寸。',
        [
          '元数据字段和水印尺寸都有明确要求。',
          '对内容平台而言，识别成本将显著降低。',
          '联盟将发布开源检测工具。',
        ],
      ),
      zh(
        '硅谷前哨 Newsletter',
        10,
        '政策观察：AI 内容标识有了统一格式',
        '一份新的团体标准要求 AI 生成内容同时带“看得见”和“看不见”的标识，10 月起实施。',
        ['显式加隐式双重标注。', '统一格式让跨平台检测成为可能。', '关注后续是否上升为行业标准。'],
      ),
    ],
  },
  {
    event: 'bp-perigee-booster-test',
    day: 4,
    hour: 10,
    reports: [
      en(
        'Circuit Ledger',
        0,
        'Perigee Aerospace lands its reusable booster for the first time',
        'Perigee Aerospace flew its Kite booster to 12 km and landed it back on the pad in Esrange, Sweden, the first successful landing for a European small-launch company.',
        [
          'The booster hovered for eight seconds before touchdown, within 3 metres of the target.',
          'Reusability is what makes small launchers price-competitive.',
          'An orbital attempt with a reused booster is planned for next year.',
        ],
      ),
      en(
        'Byteline',
        5,
        'Europe gets its first rocket landing',
        'A small Swedish-Korean company just did something no European launcher has done: it brought a booster back down in one piece after a high-altitude hop.',
        [
          'A 12 km test flight, not orbital, but the hard part was the landing.',
          'Shows that rocket reuse is no longer limited to a few US firms.',
          'Next up: refly the same booster within a month.',
        ],
      ),
      zh(
        '极客速递',
        14,
        'Perigee 可复用火箭首次成功回收',
        'Perigee Aerospace 的 Kite 助推器在瑞典发射场完成 12 公里高度飞行并成功降落，这是欧洲小型运载公司首次实现火箭回收。',
        ['着陆点距离目标不到 3 米。', '可复用是小型火箭降低成本的关键。', '明年将尝试用回收的助推器入轨。'],
      ),
    ],
  },
  {
    event: 'bp-ferrite-1-0',
    tryIt: true,
    day: 4,
    hour: 12,
    reports: [
      en(
        'Builder Weekly',
        0,
        'Ferrite, the embedded vector database, reaches 1.0',
        'Ferrite, an open-source vector database that runs inside your process like SQLite, released version 1.0 after three years in beta. The release freezes the on-disk format and adds hybrid search that combines keyword and vector scores in one query.',
        [
          'The file format is now stable: databases written by 1.0 will open in every 1.x release.',
          'Many apps need semantic search but not a separate server to run it.',
          'Bindings for Python, Go, Rust and JavaScript are on the package registries today.',
        ],
      ),
      en(
        DEVON,
        2,
        'it is stable now',
        'sqlite but for embeddings, and they promise not to break the file format anymore. shipping it in our app tomorrow.',
        ['no more format breaks.', 'one less server to babysit.', 'bindings for everything.'],
        'take',
      ),
      zh(
        '开源周报 Weekly',
        20,
        '嵌入式向量数据库 Ferrite 发布 1.0',
        '开源向量数据库 Ferrite 结束三年测试期，发布 1.0 正式版，磁盘格式从此稳定，并新增关键词与向量混合检索。',
        [
          '1.x 版本之间文件格式保持兼容。',
          '很多应用需要语义检索但不想多运维一个服务。',
          'Python、Go、Rust、JS 绑定均已发布。',
        ],
      ),
    ],
  },
  {
    event: 'bp-vellum-2-4',
    family: 'vellum-releases',
    tryIt: true,
    day: 4,
    hour: 14,
    reports: [
      en(
        'Byteline',
        0,
        'Vellum 2.4 brings a sandboxed shell and cuts cold starts',
        'Vellum 2.4, out four days after 2.3, gives agents a sandboxed shell: commands run in a throwaway microVM with no network unless a tool asks for it. Cold start of an agent fell from 1.8 s to 0.4 s.',
        [
          'Each shell session gets its own microVM, destroyed when the task ends.',
          'Letting agents run commands safely was the most requested feature on the tracker.',
          'Enable it with `sandbox="microvm"`; Linux hosts need KVM.',
        ],
      ),
      en(
        DEVON,
        3,
        'finally a shell I can give an agent',
        'new vellum has throwaway VMs for commands. no more agent deleting my home dir.',
        ['sandbox per task.', 'starts way faster too.', 'needs KVM, so no Mac yet.'],
        'take',
      ),
      zh(
        '开发者日报',
        15,
        'Vellum 2.4：智能体获得沙箱 Shell，冷启动缩短到 0.4 秒',
        '开源智能体框架 Vellum 在 2.3 发布四天后推出 2.4 版本，智能体执行的命令将运行在一次性的微虚拟机中，默认不联网。',
        ['每个任务一个独立微虚拟机。', '安全执行命令是社区呼声最高的功能。', 'Linux 主机需开启 KVM。'],
      ),
    ],
  },
  {
    event: 'bp-harborpay-breach',
    family: 'security-incidents',
    day: 4,
    hour: 19,
    reports: [
      en(
        'Ops Chronicle',
        0,
        'HarborPay discloses breach exposing 2.1 million card tokens',
        'Payments company HarborPay said attackers used a stolen support-staff session to export 2.1 million card tokens and customer email addresses. Full card numbers were not exposed, the company said.',
        [
          'The attacker had access for nine days before an anomaly alert fired.',
          'Card tokens can still be abused at merchants that accept them without extra checks.',
          'HarborPay is reissuing all affected tokens and notifying customers by email.',
        ],
      ),
      en(
        'Circuit Ledger',
        3,
        'HarborPay hack: what was taken and what customers should do',
        'HarborPay’s breach came through its support tooling, not its payment systems. Customers of merchants using HarborPay may receive new tokens and should watch for phishing using their email.',
        [
          'Emails and tokens were taken; passwords and card numbers were not.',
          'Support tools with broad data access are a recurring weak point.',
          'Regulators in the EU and UK have been notified.',
        ],
      ),
      zh(
        '智能观察',
        12,
        '支付公司 HarborPay 数据泄露，210 万条卡令牌外泄',
        '支付服务商 HarborPay 披露，攻击者利用被盗的客服人员会话导出了 210 万条银行卡令牌和客户邮箱，完整卡号未泄露。',
        ['攻击持续九天才被发现。', '令牌在部分商户仍可能被滥用。', '公司正在重新签发全部受影响的令牌。'],
      ),
    ],
  },
  {
    event: 'bp-qingfeng-video-fine',
    day: 5,
    hour: 3,
    reports: [
      zh(
        '智能观察',
        0,
        '清风视频因算法推荐违规被罚 200 万元',
        '清风视频因向未成年人账户推送不良内容、未落实防沉迷要求，被监管部门处以 200 万元罚款并责令整改。',
        [
          '平台需在 30 天内完成推荐算法整改。',
          '算法推荐的未成年人保护正成为执法重点。',
          '整改结果将向社会公布。',
        ],
      ),
      zh(
        '极客速递',
        3,
        '罚款 200 万、限期整改：清风视频推荐算法被点名',
        '短视频平台清风视频收到罚单。监管通报称，其“青少年模式”形同虚设，未成年用户仍能刷到不适宜内容。',
        ['青少年模式被认定未有效运行。', '同类平台可能迎来一轮自查。', '平台表示接受处罚并成立专项组。'],
      ),
    ],
  },
  {
    event: 'bp-yunque-cloud-outage',
    family: 'outages',
    day: 5,
    hour: 6,
    reports: [
      zh(
        '极客速递',
        0,
        '云雀云华东区域故障，多款 App 无法登录',
        '周六下午，云雀云华东一区出现故障，对象存储和数据库服务响应超时，多款外卖、出行和办公 App 出现登录失败、图片无法加载等问题，持续约两个半小时。',
        [
          '对象存储和云数据库同时受影响。',
          '大量应用把登录和图片服务放在同一区域。',
          '云雀云称将赔付受影响客户。',
        ],
      ),
      zh(
        '开发者日报',
        2,
        '云雀云故障复盘（进行中）：对象存储超时引发连锁反应',
        '根据云雀云状态页，故障起于华东一区对象存储，随后依赖它的数据库备份和镜像服务相继超时。',
        ['状态页在故障发生 20 分钟后才更新。', '单区域部署的风险再次暴露。', '建议开启跨区域复制。'],
      ),
      zh(
        '机器之芯',
        5,
        '又一次云故障：云雀云宕机两个半小时',
        '云雀云华东区域今天下午中断，多家互联网公司的服务受到波及，部分 AI 应用的模型文件无法下载。',
        ['故障持续约 2.5 小时。', '云厂商的区域故障正变得更频繁。', '官方承诺发布完整事故报告。'],
      ),
      zh(
        '极客速递',
        26,
        '追踪｜云雀云公布故障原因：存储集群升级操作失误',
        '云雀云发布事故报告，称周六的中断源于一次存储集群升级，运维人员在未完成灰度验证的情况下扩大了升级范围。',
        [
          '升级跳过了灰度验证步骤。',
          '人为操作仍是云故障的主要原因。',
          '受影响客户将获得当月费用 15% 的赔付。',
        ],
        'update',
      ),
    ],
  },
  {
    event: 'bp-tamarack-7b-open-weights',
    tryIt: true,
    day: 5,
    hour: 15,
    reports: [
      en(
        'Model Drop Weekly',
        0,
        'Tamarack releases an open-weights 7B model under Apache 2.0',
        'Research lab Tamarack published the weights of Tamarack-7B under the Apache 2.0 licence, along with its training data recipe. The model matches much larger open models on reasoning benchmarks and runs on a laptop with 16 GB of memory.',
        [
          'Weights, tokenizer and a data-mixture report are all public.',
          'A permissive licence lets companies fine-tune and ship it without negotiating terms.',
          'Download from the usual model hubs; quantized versions are included.',
        ],
      ),
      en(
        MIRA,
        3,
        'A small one worth your weekend',
        'Ran the new seven-billion release on my laptop: surprisingly sharp at math, and the licence is the permissive one. No strings.',
        ['Runs fine on 16 GB.', 'Apache, not a custom licence.', 'Fine-tune it.'],
        'take',
      ),
      zh(
        '开源周报 Weekly',
        9,
        'Tamarack 开源 7B 模型，采用 Apache 2.0 协议',
        '研究机构 Tamarack 以 Apache 2.0 协议开源 Tamarack-7B 权重，并公开训练数据配方，16GB 内存的笔记本即可运行。',
        ['权重、分词器和数据配比报告全部公开。', '宽松协议允许企业直接商用。', '已提供量化版本下载。'],
      ),
    ],
  },
  {
    event: 'bp-mosaic-layoffs',
    day: 5,
    hour: 16,
    reports: [
      en(
        'Circuit Ledger',
        0,
        'Mosaic lays off 18% of staff as ad revenue slows',
        'Social app Mosaic is cutting 340 jobs, about 18% of its workforce, after advertising revenue fell for a second quarter. The chief executive told staff the company would focus on subscriptions and creators.',
        [
          'Sales, recruiting and two experimental app teams are hit hardest.',
          'Mosaic’s ad revenue depends on a few large brands that cut budgets this year.',
          'Severance is 16 weeks of pay plus health cover until year end.',
        ],
      ),
      en(
        'The Stack Report',
        4,
        'Inside Mosaic’s job cuts: experimental apps shut down',
        'Mosaic is closing its short-video and audio-rooms apps as part of the cuts announced on Saturday. Engineers from those teams were told their roles ended the same day.',
        [
          'Two side apps are closed; the main app is unaffected.',
          'Shows how little room growth-stage social apps have for experiments now.',
          'Mosaic will report quarterly results in three weeks.',
        ],
      ),
      zh(
        '智能观察',
        14,
        '社交应用 Mosaic 裁员 18%，关停两款实验性产品',
        '因广告收入连续两个季度下滑，社交应用 Mosaic 宣布裁员约 340 人，占员工总数的 18%，并关停短视频和语音房两款应用。',
        [
          '销售、招聘和实验产品团队受影响最大。',
          '依赖少数品牌广告主的模式风险暴露。',
          '公司将转向订阅和创作者收入。',
        ],
      ),
    ],
  },
  {
    event: 'bp-lattice-token-leak',
    family: 'security-incidents',
    day: 5,
    hour: 18,
    reports: [
      en(
        'Ops Chronicle',
        0,
        'Lattice rotates every customer API key after a leaked CI token',
        'Developer platform Lattice told customers to expect all API keys to be rotated within 24 hours after a token from its build system was found in a public package. Lattice says it has no evidence the token was used.',
        [
          'The token had read access to the service that stores customer keys.',
          'Secrets in build pipelines remain one of the most common ways in.',
          'Old keys stop working on Monday at 12:00 UTC.',
        ],
      ),
      en(
        DEVON,
        1,
        'rotate your keys, folks',
        'got the email. every key gets replaced by monday. annoying but the right call.',
        ['all keys, not just some.', 'ci secrets strike again.', 'update your env vars before noon monday.'],
        'take',
      ),
      en(
        'The Stack Report',
        5,
        'How a build token ended up in a public package at Lattice',
        'A debugging change in Lattice’s release pipeline wrote environment variables into a log file that was then bundled into a published SDK version. A researcher spotted it two days later.',
        [
          'The SDK version containing the token has been pulled from the registry.',
          'A reminder to scan published artefacts, not only source code, for secrets.',
          'Lattice will add artefact scanning to every release.',
        ],
      ),
    ],
  },
  {
    event: 'bp-shuimu-tts-open-source',
    tryIt: true,
    day: 6,
    hour: 3,
    reports: [
      zh(
        '开源周报 Weekly',
        0,
        '水木智能开源语音合成模型“清音”，支持方言',
        '水木智能开源了语音合成模型“清音”，支持普通话、粤语、四川话等 9 种方言，模型参数 6 亿，在消费级显卡上可实时生成语音。',
        [
          '支持 9 种方言和 3 秒声音克隆。',
          '方言语料稀缺，开源模型此前几乎没有覆盖。',
          '代码和权重已在代码托管平台发布。',
        ],
      ),
      zh(
        MODEL_POSTS,
        1,
        '清音开源了',
        '水木智能刚刚把清音放出来了，会说粤语和四川话，一张游戏卡就能跑。',
        ['方言是亮点。', '小团队也能用上。', '去试试声音克隆。'],
        'take',
      ),
      zh(
        '机器之芯',
        8,
        '6 亿参数、9 种方言：水木智能“清音”语音模型开源',
        '水木智能今天发布并开源“清音”语音合成模型。团队表示，训练数据包括 2 万小时方言录音，均获得录音人授权。',
        ['2 万小时授权方言数据。', '合规的数据来源是语音模型商用的前提。', '后续将开放微调工具。'],
      ),
    ],
  },
  {
    event: 'bp-orion-fold-2',
    day: 6,
    hour: 14,
    reports: [
      en(
        'Byteline',
        0,
        'Orion Fold 2 launches at $1,499 with a crease-free hinge',
        'Orion’s second foldable phone costs $1,499, weighs 219 g and, the company says, has no visible crease thanks to a new teardrop hinge. It goes on sale in 14 countries on 24 July.',
        [
          'Lighter than the first model by 34 g and 2 mm thinner when folded.',
          'Price is $300 below the best-selling foldable, putting pressure on the market leader.',
          'Pre-orders open today with a free case and screen-protection plan.',
        ],
      ),
      en(
        'Circuit Ledger',
        2,
        'Orion bets on a cheaper foldable with its Fold 2',
        'Orion undercut its rivals with the Fold 2, a book-style foldable that starts at $1,499. In a short hands-on, the inner screen looked flat even under angled light.',
        [
          'A 5,000 mAh battery and 66 W charging.',
          'Foldables remain under 2% of phone sales; price is the main barrier.',
          'Sales start in late July.',
        ],
      ),
      zh(
        '智能观察',
        10,
        'Orion Fold 2 发布：1499 美元、几乎无折痕',
        'Orion 发布第二代折叠屏手机 Fold 2，售价 1499 美元，重 219 克，采用新的水滴铰链，官方称内屏几乎看不到折痕。',
        ['比上一代轻 34 克、薄 2 毫米。', '比主流竞品便宜 300 美元。', '7 月 24 日在 14 个国家开售。'],
      ),
      zh(
        '极客速递',
        12,
        '更轻更便宜，Orion 第二代折叠屏来了',
        'Orion Fold 2 今晚发布，电池 5000mAh，支持 66W 快充，起售价 1499 美元，今起开放预订。',
        ['预订赠送保护壳和碎屏险。', '价格是折叠屏普及的最大门槛。', '国行版本尚未公布。'],
      ),
    ],
  },
  {
    event: 'bp-cobalt-authors-lawsuit',
    day: 6,
    hour: 15,
    reports: [
      en(
        'Circuit Ledger',
        0,
        'Authors’ guild sues Cobalt AI over books used in training',
        'A guild representing 9,000 writers filed a lawsuit against Cobalt AI in federal court, alleging the company trained its models on pirated copies of their books downloaded from shadow libraries.',
        [
          'The complaint cites internal dataset names that reference a known pirate site.',
          'Several similar cases are pending, but this one targets how the data was obtained, not fair use of training.',
          'Cobalt has 21 days to respond.',
        ],
      ),
      en(
        'The Inference Newsletter',
        6,
        'Writers take Cobalt to court',
        'Nine thousand authors say Cobalt built its models on books it never paid for, and they think they can prove where the files came from.',
        [
          'The focus on piracy, not on training itself, makes the case harder to dismiss.',
          'A loss could force Cobalt to retrain or license at scale.',
          'Expect a motion to dismiss within a month.',
        ],
      ),
      zh(
        '机器之芯',
        16,
        '9000 名作家起诉 Cobalt AI，指其用盗版书训练模型',
        '一个代表 9000 名作家的协会在美国联邦法院起诉 Cobalt AI，称其从盗版图书网站下载作品用于模型训练。',
        [
          '起诉书引用了指向盗版网站的内部数据集名称。',
          '案件焦点是数据来源是否合法，而非训练本身。',
          'Cobalt 需在 21 天内回应。',
        ],
      ),
      en(
        'Byteline',
        28,
        'Cobalt responds to authors’ lawsuit, says data was licensed',
        'Cobalt AI said it licensed its book data from a distributor and would “vigorously defend” itself against the guild’s claims filed on Sunday.',
        [
          'Cobalt names a distributor but not the terms.',
          'The dispute now turns on what the distributor itself had the right to sell.',
          'A hearing date has not been set.',
        ],
      ),
    ],
  },
  {
    event: 'bp-emberdb-license-change',
    family: 'emberdb',
    day: 6,
    hour: 18,
    reports: [
      en(
        'The Stack Report',
        0,
        'EmberDB moves from MIT to a source-available licence',
        'The company behind EmberDB, a popular time-series database, relicensed future versions under a source-available licence that forbids offering it as a managed service. Existing releases stay MIT.',
        [
          'From version 6, cloud providers may not sell hosted EmberDB without a commercial agreement.',
          'It follows a pattern of infrastructure companies closing their licences once clouds compete with them.',
          'Version 5 keeps receiving security fixes for 12 months.',
        ],
      ),
      en(
        DEVON,
        2,
        'there goes another one',
        'the time-series db we all use is no longer open source from v6. fork incoming in 3, 2, 1.',
        ['no more MIT.', 'the cloud-hosting fight again.', 'pin v5 for now.'],
        'take',
      ),
      zh(
        '开源周报 Weekly',
        14,
        '时序数据库 EmberDB 改用源码可见协议',
        'EmberDB 背后的公司宣布，从 6.0 版本起改用禁止托管服务的源码可见协议，已发布的版本仍为 MIT。',
        [
          '云厂商需获得商业授权才能托管 6.0 及以后版本。',
          '又一个基础设施项目因云厂商竞争而收紧协议。',
          '5.x 将继续获得 12 个月安全更新。',
        ],
      ),
      en(
        'Builder Weekly',
        30,
        'Should you worry about the EmberDB licence change?',
        'If you run EmberDB yourself, nothing changes: the new licence only restricts selling it as a hosted service. If you buy it from a cloud provider, ask what happens at version 6.',
        [
          'Self-hosters are unaffected.',
          'Managed-service customers may face a migration or a price change.',
          'Read the licence FAQ before planning an upgrade.',
        ],
      ),
    ],
  },
  {
    event: 'bp-jiaxin-ipo-approved',
    day: 7,
    hour: 2,
    reports: [
      zh(
        '智能观察',
        0,
        '嘉芯半导体科创板 IPO 过会，拟募资 25 亿元',
        '功率芯片公司嘉芯半导体的科创板首发申请获上市委审议通过，公司拟募资 25 亿元，用于车规级碳化硅芯片产线扩建。',
        ['募资主要投向碳化硅产线。', '新能源车带动功率半导体需求快速增长。', '下一步需提交注册。'],
      ),
      zh(
        '极客速递',
        4,
        '碳化硅芯片厂商嘉芯半导体 IPO 获通过',
        '嘉芯半导体昨日过会，去年营收 18 亿元，车规产品占比超过六成。',
        ['车规产品收入占比过半。', '国产碳化硅替代进入加速期。', '预计三个月内挂牌。'],
      ),
    ],
  },
  {
    event: 'bp-sweval-2-benchmark',
    day: 7,
    hour: 13,
    reports: [
      en(
        'The Inference Newsletter',
        0,
        'SWEval 2 shows agents still fail most multi-repository tasks',
        'SWEval 2, a new benchmark from a university consortium, asks coding agents to fix bugs that span several repositories. The best system solved 23% of its 600 tasks, against 70% on the original single-repository SWEval.',
        [
          'Tasks require changing a library and its consumers together.',
          'Scores on the old benchmark had stopped telling systems apart.',
          'A public leaderboard opens next month.',
        ],
      ),
      en(
        'Model Drop Weekly',
        8,
        'New coding benchmark humbles the top agents',
        'Agents that breeze through single-repo bug fixes manage fewer than one in four when the fix spans multiple codebases, according to the researchers behind the second edition of SWEval.',
        [
          '600 tasks drawn from real cross-repository pull requests.',
          'Coordinating changes across projects is most of real maintenance work.',
          'Labs can submit results from August.',
        ],
      ),
      zh(
        '机器之芯',
        20,
        'SWEval 2 基准发布：顶级编程智能体跨仓库任务仅完成 23%',
        '多所大学联合发布编程基准 SWEval 2，要求智能体修复跨多个代码仓库的缺陷。表现最好的系统在 600 个任务中只完成 23%。',
        ['任务需要同时修改库和调用方。', '旧基准已难以区分各家系统。', '公开排行榜下月上线。'],
      ),
    ],
  },
  {
    event: 'bp-voltra-price-cut',
    family: 'price-cuts',
    day: 7,
    hour: 15,
    reports: [
      en(
        'Circuit Ledger',
        0,
        'Voltra cuts the price of its Model V by $4,000',
        'Electric carmaker Voltra reduced the US price of its Model V crossover by $4,000 to $38,990, its second cut this year, as inventory builds up ahead of a refreshed model.',
        [
          'Long-range version drops to $43,990.',
          'Price cuts are squeezing margins across the EV industry.',
          'The lower prices apply to orders from today, not to cars already delivered.',
        ],
      ),
      en(
        'Byteline',
        4,
        'The Model V is now under $39,000',
        'Voltra trimmed its best-selling crossover to $38,990. With the federal credit, some buyers will pay near $31,000.',
        [
          'Second cut of the year.',
          'Undercuts most petrol SUVs of the same size.',
          'A refreshed Model V is rumoured for spring.',
        ],
      ),
      zh(
        '智能观察',
        12,
        'Voltra Model V 美国降价 4000 美元',
        '电动车厂商 Voltra 将 Model V 在美国的售价下调 4000 美元至 38,990 美元，这是今年第二次降价。',
        ['长续航版降至 43,990 美元。', '价格战持续挤压电动车企利润。', '新价格仅适用于今日起的订单。'],
      ),
    ],
  },
  {
    event: 'bp-lumen-4-1',
    family: 'lumen-releases',
    day: 7,
    hour: 17,
    reports: [
      en(
        'Model Drop Weekly',
        0,
        'Lumen 4.1 fixes tool-calling regressions and adds EU hosting',
        'Six days after Lumen 4, Lumen Labs shipped Lumen 4.1, which fixes a regression that made the model skip tool calls in long conversations and adds data residency in Frankfurt.',
        [
          'Tool-call accuracy on long chats returns to Lumen 3 levels.',
          'EU hosting was the blocker for many European enterprise customers.',
          'The model name changes automatically for API users on the “latest” alias.',
        ],
      ),
      zh(
        MODEL_POSTS,
        3,
        'Lumen 4.1 上线：修复工具调用问题，新增欧盟部署',
        'Lumen Labs 发布 Lumen 4.1，修复长对话中跳过工具调用的问题，并在法兰克福提供数据驻留。',
        ['长对话工具调用恢复正常。', '欧洲企业客户终于可以用了。', '使用 latest 别名的会自动升级。'],
      ),
      en(
        'Builder Weekly',
        22,
        'Lumen 4.1 is the version to upgrade to',
        'If you held back on Lumen 4 because your agents stopped calling tools after a few turns, 4.1 fixes it. We reran our agent suite: pass rate back to 91%.',
        [
          'Regression fixed; latency unchanged.',
          'Pin model versions in production so point releases do not surprise you.',
          'Frankfurt region is selectable per API key.',
        ],
      ),
    ],
  },
  {
    event: 'bp-qinghe-model-2-5',
    family: 'qinghe-releases',
    day: 8,
    hour: 3,
    reports: [
      zh(
        '机器之芯',
        0,
        '青禾大模型 2.5 上线，新增图像理解',
        '距 2.0 发布仅八天，青禾科技推出青禾大模型 2.5，新增图像和表格截图理解，并把 API 价格下调 20%。',
        ['支持图片、截图和扫描件输入。', '多模态是企业文档场景的刚需。', 'API 价格下调 20%，即日生效。'],
      ),
      zh(
        '极客速递',
        6,
        '青禾 2.5 来了：能看图，还降价',
        '青禾科技今天发布 2.5 版本，重点是多模态：扫描件、发票和表格截图可以直接上传提问。',
        ['新增发票、票据识别能力。', '降价 20% 意在争夺中小企业客户。', '私有化版本同步更新。'],
      ),
    ],
  },
  {
    event: 'bp-lumen-batch-price-cut',
    family: 'price-cuts',
    day: 8,
    hour: 15,
    reports: [
      en(
        'Model Drop Weekly',
        0,
        'Lumen Labs halves batch API prices for Lumen 4',
        'Requests sent through Lumen’s batch API, which returns results within 24 hours, now cost half the interactive price: $0.75 per million input tokens for Lumen 4.',
        [
          'Batch jobs get a 50% discount on top of last week’s launch pricing.',
          'Offline workloads such as classification and evals are where most token volume goes.',
          'The discount applies to jobs submitted from today.',
        ],
      ),
      zh(
        LUMEN_POSTS,
        1,
        'Lumen Labs：批量接口降价一半',
        'Lumen Labs 宣布 Lumen 4 的批量 API 价格减半，24 小时内返回结果。',
        ['输入价格降到 0.75 美元。', '适合离线分类和评测。', '今天提交的任务即可享受。'],
        'take',
      ),
      en(
        'Byteline',
        6,
        'Lumen’s overnight jobs just got 50% cheaper',
        'If your workload can wait until tomorrow, Lumen 4 now costs half as much. The company cut batch pricing to $0.75 per million input tokens.',
        [
          'Results arrive within 24 hours, usually much sooner.',
          'Cheap batch pricing changes which tasks are worth automating.',
          'Existing batch users need no code changes.',
        ],
      ),
    ],
  },
  {
    event: 'bp-northwind-arm-instances',
    day: 8,
    hour: 16,
    reports: [
      en(
        'The Stack Report',
        0,
        'Northwind unveils Arm-based Quill instances at GridConf',
        'At its GridConf keynote, Northwind Cloud announced Quill, a family of virtual machines on its own Arm processor, priced 25% below comparable x86 instances.',
        [
          'Quill instances come in sizes from 2 to 192 cores.',
          'Northwind is the last of the big clouds to ship its own server chip.',
          'Preview in two regions now, general availability in October.',
        ],
      ),
      en(
        'Ops Chronicle',
        2,
        'Northwind’s own chip: what Quill means for your bill',
        'Northwind’s new Arm servers promise a quarter off compute prices. Our first benchmarks on web workloads show 18% better throughput per dollar; Java services needed no changes.',
        [
          'Most container images already ship Arm builds.',
          'Arm instances pull down x86 pricing across the market.',
          'Test your images in the preview before committing.',
        ],
      ),
      zh(
        '开发者日报',
        14,
        'Northwind 发布自研 Arm 云服务器 Quill',
        'Northwind Cloud 在 GridConf 大会上发布基于自研 Arm 处理器的 Quill 虚拟机系列，价格比同规格 x86 实例低 25%。',
        ['规格覆盖 2 至 192 核。', '大型云厂商都已推出自研服务器芯片。', '10 月正式商用。'],
      ),
    ],
  },
  {
    event: 'bp-cinder-fork',
    family: 'emberdb',
    day: 8,
    hour: 18,
    reports: [
      en(
        'The Stack Report',
        0,
        'Contributors fork EmberDB as Cinder under MIT',
        'Two days after EmberDB changed its licence, a group of former maintainers and two cloud providers announced Cinder, a fork of EmberDB 5 that stays under the MIT licence, governed by a foundation.',
        [
          'Cinder starts from the last MIT release and keeps wire compatibility.',
          'Forks backed by cloud providers have replaced the original before.',
          'A first Cinder release is promised within a month.',
        ],
      ),
      zh(
        '开源周报 Weekly',
        12,
        'EmberDB 协议变更后，社区分叉出 Cinder',
        '多名前维护者与两家云厂商宣布基于 EmberDB 5 创建分支 Cinder，继续采用 MIT 协议，并交由基金会治理。',
        [
          '从最后一个 MIT 版本分叉，协议兼容。',
          '有云厂商支持的分支曾多次取代原项目。',
          '首个版本预计一个月内发布。',
        ],
      ),
    ],
  },
  {
    event: 'bp-lingxi-ai-glasses',
    day: 9,
    hour: 2,
    reports: [
      zh(
        '极客速递',
        0,
        '灵犀科技发布 AI 眼镜，售价 1999 元',
        '灵犀科技发布首款 AI 眼镜，重 42 克，内置摄像头和语音助手，可实时翻译和识物，售价 1999 元，7 月 20 日开售。',
        ['支持 12 种语言实时翻译。', 'AI 眼镜被视为大模型落地的新终端。', '首批 5 万台，官网预约。'],
      ),
      zh(
        '智能观察',
        2,
        '42 克的 AI 眼镜：灵犀首款产品上手',
        '灵犀的新眼镜外观接近普通墨镜，识别菜单、路牌的速度约 1 秒，续航约 6 小时。',
        ['续航 6 小时，支持快充。', '价格压到 2000 元以内，有望走向大众。', '开发者平台下半年开放。'],
      ),
      zh(
        '机器之芯',
        6,
        'AI 眼镜赛道再添新玩家，灵犀科技定价 1999 元',
        '灵犀科技今日发布 AI 眼镜，搭载自研轻量模型，部分识别任务可在本地完成，不必联网。',
        ['本地模型处理识物和翻译。', '端侧推理降低了延迟和隐私顾虑。', '将开放第三方应用接口。'],
      ),
    ],
  },
  {
    event: 'bp-sable-vacuum-recall',
    family: 'recalls',
    day: 9,
    hour: 10,
    reports: [
      en(
        'Circuit Ledger',
        0,
        'Sable recalls 40,000 robot vacuums over battery fire risk',
        'Sable Home is recalling about 40,000 of its S9 robot vacuums sold in the US and Canada after 11 reports of batteries overheating, two of which caused small fires.',
        [
          'Owners should stop using the S9 and remove it from its dock.',
          'Battery recalls are rising as cheap lithium packs spread through home devices.',
          'Sable offers a free replacement battery or a full refund.',
        ],
      ),
      zh(
        '极客速递',
        10,
        'Sable 召回 4 万台扫地机器人，电池存起火风险',
        '扫地机器人品牌 Sable 在北美召回约 4 万台 S9 型号，原因是已有 11 起电池过热报告，其中两起引发小型火灾。',
        ['用户应立即停止使用并断开充电座。', '廉价锂电池带来的召回正在增多。', '可免费更换电池或全额退款。'],
      ),
    ],
  },
  {
    event: 'bp-forgehub-assistant-students',
    tryIt: true,
    day: 9,
    hour: 14,
    reports: [
      en(
        'Builder Weekly',
        0,
        'ForgeHub makes its coding assistant free for students and teachers',
        'Code host ForgeHub now gives verified students and teachers its AI coding assistant at no cost, including the larger models previously limited to the paid tier.',
        [
          'Verification uses a school email or an uploaded ID.',
          'Students are next year’s paying developers, and rivals already offer free tiers.',
          'Apply from the education page; approval takes about a day.',
        ],
      ),
      en(
        'Byteline',
        3,
        'Free AI pair programmer for every student on ForgeHub',
        'ForgeHub dropped the price of its assistant to zero for schools. Teachers also get a dashboard to see which assignments students used it on.',
        [
          'Includes the top-tier models.',
          'The teacher dashboard answers the cheating worry head on.',
          'Rolling out to all countries by the end of the month.',
        ],
      ),
      zh(
        '开发者日报',
        8,
        'ForgeHub 编程助手对学生和教师免费',
        '代码托管平台 ForgeHub 宣布，通过认证的学生和教师可免费使用其 AI 编程助手，包括此前仅付费用户可用的大模型。',
        ['用学校邮箱或证件认证。', '争夺未来的开发者用户。', '教师可查看学生在哪些作业中使用了助手。'],
      ),
    ],
  },
  {
    event: 'bp-harbor-city-transit-data',
    day: 2,
    hour: 9,
    reports: [
      en(
        'Byteline',
        0,
        'Harbor City opens real-time transit data to developers',
        'Harbor City’s transport authority launched a free API with live positions of its 1,900 buses and trams, updated every ten seconds, plus a historical archive going back five years.',
        [
          'Data is published under an open licence with a rate limit of 100 requests per minute.',
          'Third-party apps have been scraping the official app for years; now they have a supported feed.',
          'Register for a key on the authority’s developer portal.',
        ],
      ),
      en(
        'Circuit Ledger',
        20,
        'Five years of bus data, free: Harbor City’s open-data push',
        'Harbor City joined the cities that publish transit data openly. Beyond live positions, the archive lets researchers study delays by route and hour.',
        [
          'Archive covers 2021 onwards.',
          'Open transit data has led to better journey planners in other cities.',
          'Ferry data will be added next year.',
        ],
      ),
    ],
  },
  {
    event: 'bp-zh-kuaichuan-ride-hailing-ai',
    day: 6,
    hour: 6,
    reports: [
      zh(
        '智能观察',
        0,
        '快川出行上线 AI 客服，投诉处理时长缩短一半',
        '网约车平台快川出行宣布，乘客投诉和司机申诉已全部接入 AI 客服，平均处理时间从 14 小时降到 6 小时，复杂案件仍转人工。',
        [
          'AI 先行处理，复杂纠纷转人工。',
          '客服是网约车平台成本最高的环节之一。',
          '下月将把 AI 客服扩展到司机端。',
        ],
      ),
      zh(
        '极客速递',
        9,
        '网约车投诉 6 小时有结果？快川把客服交给了大模型',
        '快川出行的新客服系统上线一周，平台称退款类投诉 80% 由 AI 直接处理完毕。',
        ['80% 退款投诉无需人工。', '用户担心 AI 客服“踢皮球”。', '平台承诺随时可转人工。'],
      ),
    ],
  },
  {
    event: 'bp-zh-mingjing-m2-inference-card',
    day: 1,
    hour: 5,
    reports: [
      zh(
        '机器之芯',
        0,
        '明镜科技推出国产推理卡，首批交付互联网客户',
        '明镜科技发布第二代 AI 推理卡“明镜 M2”，单卡 96GB 显存，已向两家互联网公司交付首批 2000 张。',
        ['单卡 96GB 显存，功耗 350 瓦。', '国产推理卡正在进入大规模部署阶段。', '年底前计划交付 2 万张。'],
      ),
      zh(
        '智能观察',
        6,
        '明镜 M2 推理卡发布，首批 2000 张已交付',
        '国产 AI 芯片公司明镜科技今天发布 M2 推理卡，主打大模型推理，软件栈兼容主流推理框架。',
        ['兼容主流推理框架，迁移成本低。', '推理需求增长快于训练。', '年底目标交付 2 万张。'],
      ),
      zh(
        '硅谷前哨 Newsletter',
        20,
        '芯片动态：明镜 M2 推理卡开始交付',
        '明镜科技第二代推理卡 M2 发布，96GB 显存，首批 2000 张交付互联网客户。',
        ['显存容量对标进口产品。', '国产替代从训练卡扩展到推理卡。', '关注年底 2 万张的交付进度。'],
      ),
    ],
  },
  {
    event: 'bp-zh-taihu-robot-marathon',
    day: 4,
    hour: 1,
    reports: [
      zh(
        '极客速递',
        0,
        '人形机器人半程马拉松在苏州开跑，20 台机器人参赛',
        '首届太湖人形机器人半程马拉松今天在苏州举行，20 台来自不同公司的人形机器人参赛，允许中途更换电池。',
        ['全程 21 公里，限时 4 小时。', '比赛检验的是长时间稳定行走能力。', '成绩将在今晚公布。'],
      ),
      zh(
        '智能观察',
        10,
        '6 台完赛：人形机器人半马冠军用时 2 小时 51 分',
        '太湖人形机器人半程马拉松结束，20 台参赛机器人中 6 台完赛，冠军来自杭州一家创业公司，途中换了两次电池。',
        ['完赛率 30%。', '摔倒和过热是主要退赛原因。', '主办方计划明年举办全程马拉松。'],
      ),
    ],
  },
  {
    event: 'bp-zh-university-ai-thesis-rules',
    day: 8,
    hour: 1,
    reports: [
      zh(
        '智能观察',
        0,
        '多所高校发布 AI 使用规范：论文须声明 AI 参与程度',
        '包括北川大学在内的 12 所高校联合发布《学位论文 AI 使用规范》，要求学生在论文中声明 AI 工具的使用范围，生成内容占比超过三成将不予通过。',
        ['需在附录中列出使用的工具和用途。', '高校此前对 AI 写作缺乏统一尺度。', '新规从下学期起执行。'],
      ),
      zh(
        '硅谷前哨 Newsletter',
        7,
        '教育观察：12 所高校给论文用 AI 划线',
        '12 所高校的新规要求论文声明 AI 使用情况，生成内容超过 30% 不予通过。',
        ['声明加比例上限。', '检测工具的准确性仍有争议。', '下学期起实施。'],
      ),
    ],
  },
];

/** Podcast episodes (one show, numbered) and bad inputs: each its own event except duplicate copies. */
export const SINGLE_ITEMS: SingleItem[] = [
  {
    event: 'bp-gradient-hour-211',
    kind: 'hard-negative',
    language: 'EN',
    source: 'The Gradient Hour',
    day: 0,
    hour: 11,
    headline: 'The Gradient Hour, Ep. 211: Why evals keep lying to us',
    summary: {
      lead: 'In this episode, hosts Priya and Tom talk to a benchmark researcher about why model scores keep rising while users see little change.',
      points: [
        'Benchmarks leak into training data faster than new ones are written.',
        'Teams should build small private evals from their own traffic.',
        'Next week: a guest from a robotics lab.',
      ],
    },
  },
  {
    event: 'bp-gradient-hour-212',
    kind: 'hard-negative',
    language: 'EN',
    source: 'The Gradient Hour',
    day: 3,
    hour: 11,
    headline: 'The Gradient Hour, Ep. 212: Robots that learn from video',
    summary: {
      lead: 'In this episode, hosts Priya and Tom talk to a robotics researcher about training robot arms on hours of ordinary video instead of teleoperation.',
      points: [
        'Video pre-training cut the demonstrations a robot needs by 90%.',
        'Data collection, not hardware, has held robotics back.',
        'Next week: the economics of inference.',
      ],
    },
  },
  {
    event: 'bp-gradient-hour-213',
    kind: 'hard-negative',
    language: 'EN',
    source: 'The Gradient Hour',
    day: 7,
    hour: 11,
    headline: 'The Gradient Hour, Ep. 213: Who pays for inference?',
    summary: {
      lead: 'In this episode, hosts Priya and Tom talk to a cloud economist about how falling token prices change which AI products can make money.',
      points: [
        'Prices per token fell tenfold in 18 months.',
        'Cheap inference favours products with many small calls over a few large ones.',
        'Next week: listener questions.',
      ],
    },
  },
  {
    event: 'bp-guigu-podcast-88',
    kind: 'hard-negative',
    language: 'ZH',
    source: '硅谷声音 播客',
    day: 2,
    hour: 1,
    headline: '硅谷声音 第 88 期：AI 创业公司还能靠什么建立壁垒',
    summary: {
      lead: '本期节目，主播和两位投资人聊了模型能力趋同之后，AI 创业公司靠什么建立壁垒。',
      points: [
        '嘉宾认为数据和分发比模型更重要。',
        '垂直行业的工作流是小公司的机会。',
        '下期预告：出海做 SaaS。',
      ],
    },
  },
  {
    event: 'bp-guigu-podcast-89',
    kind: 'hard-negative',
    language: 'ZH',
    source: '硅谷声音 播客',
    day: 5,
    hour: 1,
    headline: '硅谷声音 第 89 期：出海做 SaaS 的第一年',
    summary: {
      lead: '本期节目，主播和一位出海创业者聊了在海外卖 SaaS 第一年踩过的坑。',
      points: ['定价要按当地市场重新设计。', '海外客户更看重自助注册和文档。', '下期预告：AI 硬件。'],
    },
  },
  {
    event: 'bp-guigu-podcast-90',
    kind: 'hard-negative',
    language: 'ZH',
    source: '硅谷声音 播客',
    day: 8,
    hour: 1,
    headline: '硅谷声音 第 90 期：AI 硬件是不是伪需求',
    summary: {
      lead: '本期节目，主播和一位硬件产品经理聊了 AI 眼镜、AI 吊坠等新设备到底解决了什么问题。',
      points: ['续航和佩戴舒适度仍是门槛。', '手机之外的新入口值得尝试。', '下期预告：听众来信。'],
    },
  },
  // Bad inputs.
  {
    event: 'bp-bad-empty-headline',
    kind: 'bad-input',
    language: 'EN',
    source: 'Byteline',
    day: 1,
    hour: 20,
    headline: '',
    summary: {
      heading: 'A city library lends out telescopes',
      lead: 'The Westbrook public library now lends telescopes for two weeks at a time, and the waiting list reached 300 names in its first week.',
      points: [
        'Twenty telescopes donated by a local astronomy club.',
        'Libraries keep widening what they lend beyond books.',
        'More telescopes arrive in autumn.',
      ],
    },
  },
  {
    event: 'bp-bad-update-pricing-page',
    kind: 'bad-input',
    language: 'EN',
    source: 'The Stack Report',
    day: 4,
    hour: 17,
    headline: 'Update',
    summary: {
      heading: 'Rowan Studio simplifies its pricing',
      lead: 'Design tool Rowan Studio replaced its four plans with two and removed the per-export fee that users had complained about.',
      points: [
        'Free and Pro plans only; Pro costs $12 a month.',
        'Per-export fees were the top complaint in user forums.',
        'Existing customers move to the new plans at renewal.',
      ],
    },
  },
  {
    event: 'bp-bad-update-newsletter-no-body',
    kind: 'bad-input',
    language: 'EN',
    source: 'The Inference Newsletter',
    day: 6,
    hour: 13,
    headline: 'Update',
    summary: null,
  },
  {
    event: 'bp-bad-zh-one-word-headline',
    kind: 'bad-input',
    language: 'ZH',
    source: '开发者日报',
    day: 7,
    hour: 4,
    headline: '更新',
    tryIt: true,
    summary: {
      heading: '某开源输入法修复候选词卡顿',
      lead: '开源输入法“小狼毫助手”发布新版本，修复了大词库下候选词卡顿的问题，内存占用下降约 40%。',
      points: ['大词库下输入延迟明显降低。', '输入法是每天使用频率最高的软件之一。', '可在项目主页下载。'],
    },
  },
  {
    event: 'bp-bad-zh-headline-en-text',
    kind: 'bad-input',
    language: 'EN',
    source: '极客速递',
    day: 3,
    hour: 8,
    headline: '发布会回顾',
    summary: {
      heading: 'A meetup recap: building offline-first apps',
      lead: 'About 120 developers met in Shenzhen to compare offline-first sync engines; the talks focused on conflict resolution and on testing apps with flaky networks.',
      points: [
        'Three sync engines were demoed side by side.',
        'Offline-first matters for apps used in factories and on the road.',
        'Slides will be posted on the organisers’ site.',
      ],
    },
  },
  {
    event: 'bp-bad-no-text-en',
    kind: 'bad-input',
    language: 'EN',
    source: 'Circuit Ledger',
    day: 5,
    hour: 21,
    headline: 'Marlow Games shuts down its studio in Leeds',
    summary: null,
  },
  {
    event: 'bp-bad-no-text-zh',
    kind: 'bad-input',
    language: 'ZH',
    source: '智能观察',
    day: 2,
    hour: 7,
    headline: '悦读 App 下架有声书频道',
    summary: null,
  },
  {
    event: 'bp-bad-blank-headline-no-text',
    kind: 'bad-input',
    language: 'EN',
    source: 'Builder Weekly',
    day: 8,
    hour: 9,
    headline: '   ',
    summary: null,
  },
  {
    event: 'bp-bad-duplicate-wire-en',
    kind: 'bad-input',
    language: 'EN',
    source: 'Circuit Ledger',
    day: 6,
    hour: 9,
    headline: 'Port of Aldermouth reopens after crane collapse',
    summary: {
      lead: 'The Port of Aldermouth reopened three of its five container berths on Sunday, four days after a crane collapsed onto a quay during high winds. No one was hurt.',
      points: [
        'Three berths are open; two stay closed while the quay is inspected.',
        'The port handles a fifth of the region’s container imports.',
        'Full operations are expected within two weeks.',
      ],
    },
    alsoFrom: { source: 'Byteline', minutesAfter: 25 },
  },
  {
    event: 'bp-bad-duplicate-wire-zh',
    kind: 'bad-input',
    language: 'ZH',
    source: '极客速递',
    day: 9,
    hour: 3,
    headline: '南湖大桥今起封闭施工 90 天',
    summary: {
      lead: '南湖大桥自今日起封闭施工 90 天，期间公交线路绕行，市民可通过地铁 3 号线出行。',
      points: [
        '封闭期间禁止机动车和非机动车通行。',
        '大桥建成已 30 年，需加固桥墩。',
        '施工预计 10 月完成。',
      ],
    },
    alsoFrom: { source: '智能观察', minutesAfter: 12 },
  },
];
