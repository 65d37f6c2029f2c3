/**
 * Hand-written reports of the same event by different outlets, in different words, and Chinese
 * reports of English stories (and back). The events are invented; what matters is that several
 * texts describe one happening the way separate newsrooms would.
 */
export type HandReport = {
  language: 'EN' | 'ZH';
  source: string;
  headline: string;
  text: string;
  hoursAfter: number;
};
export type HandEvent = { event: string; reports: HandReport[] };

export const HAND_WRITTEN_EVENTS: HandEvent[] = [
  {
    event: 'hand-orbitdb-acquisition',
    reports: [
      {
        language: 'EN',
        source: 'TechWire',
        hoursAfter: 0,
        headline: 'Cloudscale acquires OrbitDB for $420 million',
        text: 'Cloudscale has agreed to buy the database startup OrbitDB for $420 million in cash and stock. OrbitDB, founded in Berlin in 2019, makes a serverless Postgres service used by 40,000 developers. The deal is expected to close in the first quarter.',
      },
      {
        language: 'EN',
        source: 'Dev Daily',
        hoursAfter: 5,
        headline: 'OrbitDB sold to Cloudscale in $420M deal',
        text: 'Berlin-based OrbitDB, the serverless Postgres startup, is being acquired by Cloudscale. The $420 million cash-and-stock deal values the 2019 startup highly; OrbitDB says its 40,000 developers keep their databases and pricing.',
      },
      {
        language: 'EN',
        source: 'Startup Ledger',
        hoursAfter: 20,
        headline: 'Why Cloudscale paid $420 million for OrbitDB',
        text: 'Cloudscale’s $420 million purchase of OrbitDB gives it a serverless Postgres product. OrbitDB founders will join Cloudscale, and the Berlin team of 60 stays in place after the acquisition closes.',
      },
      {
        language: 'ZH',
        source: '36氪',
        hoursAfter: 9,
        headline: 'Cloudscale 以 4.2 亿美元收购数据库创业公司 OrbitDB',
        text: 'Cloudscale 宣布以 4.2 亿美元现金加股票收购总部位于柏林的数据库公司 OrbitDB。OrbitDB 成立于 2019 年，提供无服务器 Postgres 服务，拥有 4 万名开发者用户。',
      },
    ],
  },
  {
    event: 'hand-rust-2030-edition',
    reports: [
      {
        language: 'EN',
        source: 'Rust Blog',
        hoursAfter: 0,
        headline: 'Announcing the Rust 2030 edition',
        text: 'The Rust team is happy to announce the Rust 2030 edition, shipping with Rust 1.120. The edition makes async closures stable, changes the default lifetime rules in impl blocks and adds a new prelude. Existing crates keep compiling; cargo fix migrates code.',
      },
      {
        language: 'EN',
        source: 'LWN',
        hoursAfter: 14,
        headline: 'Rust 1.120 ships the 2030 edition',
        text: 'Rust 1.120 is out with the 2030 edition: stable async closures, new lifetime defaults in impl blocks and a revised prelude. Crates on older editions continue to build, and cargo fix can migrate them.',
      },
      {
        language: 'ZH',
        source: 'InfoQ 中文',
        hoursAfter: 18,
        headline: 'Rust 2030 版本正式发布',
        text: 'Rust 团队发布 Rust 1.120，并推出 Rust 2030 版本（edition）。新版本稳定了异步闭包，修改了 impl 块中的默认生命周期规则，并加入新的 prelude。旧版本的 crate 仍可编译，cargo fix 可自动迁移代码。',
      },
    ],
  },
  {
    event: 'hand-solar-storm-outage',
    reports: [
      {
        language: 'EN',
        source: 'Space Weather News',
        hoursAfter: 0,
        headline: 'Solar storm knocks out GPS across northern Europe',
        text: 'A severe geomagnetic storm disrupted GPS and high-frequency radio across Norway, Sweden and Finland on Monday night. Airlines rerouted flights and farmers reported tractor guidance failures. Forecasters expect the storm to fade by Wednesday.',
      },
      {
        language: 'EN',
        source: 'Nordic Wire',
        hoursAfter: 7,
        headline: 'Geomagnetic storm disrupts GPS in Norway, Sweden and Finland',
        text: 'GPS outages hit Scandinavia and Finland overnight as a severe geomagnetic storm struck. Flights were rerouted, radio links dropped and tractor guidance failed on farms. The storm should fade by Wednesday, forecasters said.',
      },
      {
        language: 'ZH',
        source: '澎湃新闻',
        hoursAfter: 12,
        headline: '强烈太阳风暴导致北欧多国 GPS 中断',
        text: '周一夜间，一场强烈的地磁暴导致挪威、瑞典和芬兰的 GPS 与高频无线电通信中断。多家航空公司改变航线，农民报告拖拉机导航失灵。预报员预计风暴将在周三前减弱。',
      },
    ],
  },
  {
    event: 'hand-figma-offline-mode',
    reports: [
      {
        language: 'EN',
        source: 'Design Weekly',
        hoursAfter: 0,
        headline: 'Figma adds full offline mode to its desktop app',
        text: 'Figma now works fully offline in its desktop app. Files are cached locally, edits sync when the connection returns and conflicts are merged automatically. The feature is available to all paid plans starting today.',
      },
      {
        language: 'EN',
        source: 'The Product Letter',
        hoursAfter: 30,
        headline: 'Figma desktop app can now be used offline',
        text: 'Paid Figma plans get an offline mode in the desktop app: files cached locally, edits synced and conflicts merged automatically once you are back online.',
      },
    ],
  },
  {
    event: 'hand-xiaomi-ev-price-cut',
    reports: [
      {
        language: 'ZH',
        source: '第一财经',
        hoursAfter: 0,
        headline: '小米汽车宣布 SU9 降价 2 万元',
        text: '小米汽车今日宣布，旗下电动轿车 SU9 全系降价 2 万元，起售价降至 19.99 万元。小米表示，降价源于电池成本下降，已下单用户将获得差价补偿。',
      },
      {
        language: 'ZH',
        source: '界面新闻',
        hoursAfter: 6,
        headline: '小米 SU9 全系降价两万，起售价 19.99 万元',
        text: '小米电动轿车 SU9 全系下调售价 2 万元，起售价 19.99 万元。小米称电池成本下降是主要原因，已下单的用户可获得差价补偿。',
      },
      {
        language: 'EN',
        source: 'EV Report',
        hoursAfter: 10,
        headline: 'Xiaomi cuts SU9 electric sedan price by 20,000 yuan',
        text: 'Xiaomi has lowered the price of its SU9 electric sedan by 20,000 yuan across all trims, to a starting price of 199,900 yuan. The company cited cheaper batteries and will refund the difference to customers who already ordered.',
      },
    ],
  },
  {
    event: 'hand-wechat-ai-search',
    reports: [
      {
        language: 'ZH',
        source: '晚点 LatePost',
        hoursAfter: 0,
        headline: '微信上线 AI 搜索，接入公众号全文',
        text: '微信今日向部分用户开放 AI 搜索功能，可直接总结公众号文章全文并给出引用来源。腾讯表示，该功能基于混元大模型，将在一个月内向全部用户开放。',
      },
      {
        language: 'ZH',
        source: '虎嗅',
        hoursAfter: 16,
        headline: '腾讯混元驱动的微信 AI 搜索开始灰度测试',
        text: '微信 AI 搜索开始灰度测试，可总结公众号全文并标注引用来源，由腾讯混元大模型提供支持，预计一个月内覆盖全部用户。',
      },
      {
        language: 'EN',
        source: 'Asia Tech Review',
        hoursAfter: 22,
        headline: 'WeChat rolls out AI search over official account articles',
        text: 'Tencent is testing an AI search in WeChat that summarises full official account articles and cites its sources. Powered by the Hunyuan model, it reaches all users within a month.',
      },
    ],
  },
  {
    event: 'hand-postgres-19-release',
    reports: [
      {
        language: 'EN',
        source: 'PostgreSQL News',
        hoursAfter: 0,
        headline: 'PostgreSQL 19 released',
        text: 'The PostgreSQL Global Development Group announced PostgreSQL 19. Highlights: asynchronous I/O for all scans, built-in temporal tables, faster logical replication failover and a new JSON path planner.',
      },
      {
        language: 'EN',
        source: 'DB Weekly',
        hoursAfter: 26,
        headline: 'PostgreSQL 19 is out with async I/O and temporal tables',
        text: 'PostgreSQL 19 brings asynchronous I/O for all scans and built-in temporal tables, plus faster logical replication failover and a JSON path planner.',
      },
    ],
  },
  {
    event: 'hand-bytedance-open-model',
    reports: [
      {
        language: 'ZH',
        source: '机器之心',
        hoursAfter: 0,
        headline: '字节跳动开源 700 亿参数大模型 Doubao-Open',
        text: '字节跳动今日开源 700 亿参数的大语言模型 Doubao-Open，采用 Apache 2.0 协议，支持 128K 上下文，在中文评测中超过同规模模型。',
      },
      {
        language: 'ZH',
        source: '量子位',
        hoursAfter: 4,
        headline: '字节开源 Doubao-Open：700 亿参数，Apache 2.0 协议',
        text: '字节跳动开源 Doubao-Open 大模型，参数规模 700 亿，上下文长度 128K，采用 Apache 2.0 开源协议，中文评测成绩领先同规模模型。',
      },
      {
        language: 'EN',
        source: 'AI Brief',
        hoursAfter: 11,
        headline: 'ByteDance open-sources 70B Doubao-Open model under Apache 2.0',
        text: 'ByteDance released Doubao-Open, a 70-billion-parameter language model under the Apache 2.0 license with a 128K context window. It beats models of its size on Chinese benchmarks.',
      },
    ],
  },
  {
    event: 'hand-github-outage',
    reports: [
      {
        language: 'EN',
        source: 'Status Watch',
        hoursAfter: 0,
        headline: 'GitHub Actions down for three hours',
        text: 'GitHub Actions suffered a three-hour outage on Thursday, leaving workflows queued and deployments stalled. GitHub blamed a faulty database migration and said no data was lost.',
      },
      {
        language: 'EN',
        source: 'DevOps Digest',
        hoursAfter: 8,
        headline: 'Faulty database migration caused GitHub Actions outage',
        text: 'A three-hour GitHub Actions outage on Thursday queued workflows and stalled deployments. GitHub said a faulty database migration was the cause and that no data was lost.',
      },
      {
        language: 'ZH',
        source: '开源中国',
        hoursAfter: 15,
        headline: 'GitHub Actions 宕机三小时',
        text: 'GitHub Actions 周四发生长达三小时的故障，大量工作流排队、部署停滞。GitHub 表示原因是一次有问题的数据库迁移，没有数据丢失。',
      },
    ],
  },
  {
    event: 'hand-indie-app-acquired',
    reports: [
      {
        language: 'EN',
        source: 'Indie Hackers',
        hoursAfter: 0,
        headline: 'Solo founder sells habit tracker Streaky for $2.1M',
        text: 'Streaky, a habit tracking app built by a solo founder over four years, was sold to a private equity group for $2.1 million. The app made $40,000 in monthly recurring revenue.',
      },
      {
        language: 'EN',
        source: 'MicroConf News',
        hoursAfter: 40,
        headline: 'Habit app Streaky acquired for $2.1 million',
        text: 'The solo-built habit tracker Streaky, at $40,000 monthly recurring revenue after four years, has been acquired for $2.1 million by a private equity group.',
      },
    ],
  },
  {
    event: 'hand-hongmeng-pc',
    reports: [
      {
        language: 'ZH',
        source: 'IT之家',
        hoursAfter: 0,
        headline: '华为发布首款鸿蒙电脑',
        text: '华为今日发布首款搭载鸿蒙操作系统的笔记本电脑，支持与手机、平板无缝协同，预装办公软件，售价 7999 元起，下月开售。',
      },
      {
        language: 'ZH',
        source: '新浪科技',
        hoursAfter: 3,
        headline: '售价 7999 元起，华为鸿蒙笔记本电脑正式亮相',
        text: '华为首款鸿蒙笔记本电脑亮相，售价 7999 元起，可与手机、平板协同，预装办公软件，将于下月开售。',
      },
    ],
  },
  {
    event: 'hand-eu-ai-act-fine',
    reports: [
      {
        language: 'EN',
        source: 'Policy Wire',
        hoursAfter: 0,
        headline: 'EU issues first AI Act fine to chatbot maker',
        text: 'The European Commission fined the chatbot maker Parlo 15 million euros, the first penalty under the AI Act, for failing to tell users they were talking to a machine.',
      },
      {
        language: 'EN',
        source: 'Brussels Tech',
        hoursAfter: 12,
        headline: 'Parlo fined €15M in first AI Act penalty',
        text: 'In the first fine under the AI Act, the European Commission ordered chatbot company Parlo to pay 15 million euros for not disclosing to users that they were chatting with a machine.',
      },
      {
        language: 'ZH',
        source: '财新',
        hoursAfter: 20,
        headline: '欧盟开出首张《人工智能法案》罚单',
        text: '欧盟委员会对聊天机器人公司 Parlo 处以 1500 万欧元罚款，原因是未告知用户其对话对象是机器。这是《人工智能法案》生效后的首张罚单。',
      },
    ],
  },
];
