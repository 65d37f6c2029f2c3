import { DEFAULT_CURRENCY, PLAN_PRICES, type UiLanguage } from '@app/contracts';
import { formatMoney } from '@app/rules';
import type { BodyItem } from './page-body.ts';

/**
 * The pricing page's plans as the server's reading view lists them: each plan's name, price (with the
 * struck-through list price), what it is for and what it includes. The words are the web app's
 * (web/src/features/billing/locales, its compiled catalogs), which the public pages' test holds these to.
 */
const STRINGS = {
  en: {
    free: { name: 'Free', description: 'For readers getting started' },
    monthly: { name: 'Pro Monthly', description: 'Full access, billed every month' },
    annual: { name: 'Pro Annual', description: 'Full access, billed once a year' },
    per: { month: '/ month', year: '/ year' },
    was: 'was',
    annualSavings: 'Billed yearly: 2 months free compared with monthly',
    freeFeatures: [
      'Daily summaries for yesterday and today',
      'Browse every topic and source',
      'Daily email digest subscription',
    ],
    proFeatures: [
      'Everything in Free',
      'Full summary history and date filters',
      'Favourite sources and summaries',
      'AI social-media content generation',
      'Priority support',
    ],
  },
  zh: {
    free: { name: '免费版', description: '适合刚开始使用的读者' },
    monthly: { name: 'Pro 月度版', description: '完整功能，按月付费' },
    annual: { name: 'Pro 年度版', description: '完整功能，按年付费' },
    per: { month: '/ 月', year: '/ 年' },
    was: '原价',
    annualSavings: '按年付费：相比按月付费，相当于免费 2 个月',
    freeFeatures: ['昨天和今天的每日摘要', '浏览所有主题和来源', '每日邮件摘要订阅'],
    proFeatures: [
      '包含免费版全部功能',
      '完整摘要历史和日期筛选',
      '收藏来源和摘要',
      'AI 社交媒体内容生成',
      '优先支持',
    ],
  },
} as const;

export function pricingItems(language: UiLanguage): BodyItem[] {
  const s = STRINGS[language];
  const formatPrice = (cents: number) => formatMoney(cents, DEFAULT_CURRENCY, language);
  const paid = (plan: 'monthly' | 'annual'): BodyItem => {
    const price = PLAN_PRICES[plan];
    const per = s.per[price.interval];
    return {
      title: `${s[plan].name}: ${formatPrice(price.amountCents)} ${per}`,
      href: '/pricing',
      text: [s[plan].description, plan === 'annual' ? s.annualSavings : null, s.proFeatures.join(' · ')]
        .filter(Boolean)
        .join('. '),
      meta: [`${s.was} ${formatPrice(price.listAmountCents)} ${per}`],
    };
  };
  return [
    {
      title: `${s.free.name}: ${formatPrice(0)}`,
      href: '/auth',
      text: `${s.free.description}. ${s.freeFeatures.join(' · ')}`,
    },
    paid('monthly'),
    paid('annual'),
  ];
}
