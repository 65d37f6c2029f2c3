import { createHash } from 'node:crypto';
import type { PrismaClient } from '../generated/prisma/client.ts';

// Demo generated copy, so a newcomer sees the topic pages' "generated content" tab working: social
// posts made from each topic's newest demo summaries, published by a demo author. Generated content is
// private to its author unless they publish it; these are published, like a reader who chose to.
//
// Idempotent: the author is keyed by email, each post by an id derived from its summary's dedupe key,
// so a rerun (on any day) adds nothing once they exist.

/**
 * The demo posts' author: verified (so nobody can register the address and take the account over) and
 * without a password or Google account, so nobody signs in as it. `.invalid` never receives mail.
 */
export const DEMO_AUTHOR = { email: 'demo-editor@daily-curated.invalid', displayName: 'Demo editor' };

/** Demo posts per topic, from its newest demo summaries (today's, so visitors see them too). */
const PER_TOPIC = 2;

/** A stable uuid for `key`, so the same post is never written twice. */
function stableUuid(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The summary's markdown as plain text, cut at a word or sentence near `max` characters. */
function excerpt(markdown: string, max: number): string {
  const text = markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`#>]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...text];
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

const hashtag = (name: string) => name.replace(/[^\p{L}\p{N}]+/gu, '');

export async function seedDemoGenerated(
  prisma: PrismaClient,
  log: (msg: string) => void,
  now: Date = new Date(),
): Promise<number> {
  await prisma.user.createMany({
    data: [{ email: DEMO_AUTHOR.email, passwordHash: null, emailVerifiedAt: now }],
    skipDuplicates: true,
  });
  const author = await prisma.user.findUniqueOrThrow({ where: { email: DEMO_AUTHOR.email } });
  await prisma.userProfile.createMany({
    data: [{ id: author.id, role: 'user', subscriptionType: 'free', displayName: DEMO_AUTHOR.displayName }],
    skipDuplicates: true,
  });

  const summaries = await prisma.summary.findMany({
    where: { dedupeKey: { startsWith: 'demo:' }, topicId: { not: null } },
    include: { topic: { select: { name: true, nameZh: true } } },
    orderBy: [{ createdAt: 'desc' }, { dedupeKey: 'asc' }],
  });
  const taken = new Map<string, number>();
  const chosen = summaries.filter((summary) => {
    const count = taken.get(summary.topicId!) ?? 0;
    taken.set(summary.topicId!, count + 1);
    return count < PER_TOPIC;
  });

  const { count } = await prisma.userGeneratedContent.createMany({
    data: chosen.map((summary) => {
      const zh = summary.language === 'ZH';
      const platform = zh ? 'xiaohongshu' : 'linkedin';
      const topicName = (zh && summary.topic?.nameZh) || summary.topic?.name || '';
      const content = [
        summary.headline ?? '',
        excerpt(summary.content, 400),
        zh ? '你怎么看？' : 'What do you think?',
        summary.sourceUrls[0] ?? '',
      ]
        .filter(Boolean)
        .join('\n\n');
      const at = new Date(Math.min(summary.createdAt.getTime() + 30 * 60_000, now.getTime()));
      return {
        id: stableUuid(`demo-generated:${summary.dedupeKey}`),
        userId: author.id,
        summaryId: summary.id,
        postId: summary.postId,
        targetPlatform: platform,
        content,
        hashtags: topicName ? [hashtag(topicName)] : [],
        characterCount: [...content].length,
        style: 'engaging',
        sourceUrls: summary.sourceUrls,
        metadata: { generator: 'template', demo: true, language: zh ? 'zh' : 'en' },
        createdAt: at,
        publishedAt: at,
      };
    }),
    skipDuplicates: true,
  });
  if (count > 0) log(`demo content: published ${count} generated posts by ${DEMO_AUTHOR.displayName}`);
  return count;
}
