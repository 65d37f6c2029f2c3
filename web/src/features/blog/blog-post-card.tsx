import { useLingui } from '@lingui/react/macro';
import { messageFor } from '../../i18n/message-for';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ph, plural } from '@lingui/core/macro';
import { Badge, Card, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { BlogPostSummary } from '@app/contracts';
import { IconClock, IconEye } from '@tabler/icons-react';
import { useLanguage } from '../../i18n/language-provider';
import { AnchorLink } from '../ui/router-links';
import { visibleTags } from './blog-queries';
import { formatBlogDate } from './blog-format';

const GRADIENTS = [
  ['#4f46e5', '#06b6d4'],
  ['#db2777', '#f59e0b'],
  ['#059669', '#84cc16'],
  ['#7c3aed', '#ec4899'],
  ['#0ea5e9', '#22c55e'],
  ['#f97316', '#ef4444'],
] as const;

/** A gradient stand-in (per category) for posts without an image or when the image fails to load. */
export function placeholderImage(category: string): string {
  let hash = 0;
  for (const ch of category) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const [from, to] = GRADIENTS[hash % GRADIENTS.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="320"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="640" height="320" fill="url(#g)"/></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The categories the app names; another category shows as it is stored. */
const CATEGORY_MESSAGES: Record<string, MessageDescriptor> = {
  product: msg({ id: 'blog.categories.product', message: 'Product' }),
  engineering: msg({ id: 'blog.categories.engineering', message: 'Engineering' }),
  guides: msg({ id: 'blog.categories.guides', message: 'Guides' }),
  company: msg({ id: 'blog.categories.company', message: 'Company' }),
  general: msg({ id: 'blog.categories.general', message: 'General' }),
};

export function useCategoryLabel() {
  const { t } = useLingui();
  return (category: string) => t(messageFor(CATEGORY_MESSAGES, category));
}

/**
 * A post card: image, featured badge, category, reading time, title, excerpt, tags (+N), author, date,
 * views. The title is a heading one level under the list's own (h2 on the blog's page, h3 under a
 * post's "related" heading).
 */
export function BlogPostCard({ post, headingOrder = 2 }: { post: BlogPostSummary; headingOrder?: 2 | 3 }) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const categoryLabel = useCategoryLabel();
  const tags = visibleTags(post.tags);
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="blog-card" h="100%">
      <Card.Section>
        <Image
          src={post.featured_image_url}
          alt={post.featured_image_alt ?? post.title}
          h={160}
          fit="cover"
          fallbackSrc={placeholderImage(post.category)}
        />
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        <Group gap="xs" wrap="wrap">
          {post.featured ? (
            <Badge color="yellow" variant="filled">
              {t({ id: 'blog.featured', message: 'Featured' })}
            </Badge>
          ) : null}
          <Badge variant="light">{categoryLabel(post.category)}</Badge>
          <Group gap={4} c="dimmed">
            <IconClock size={14} />
            <Text size="xs">
              {t({ id: 'blog.minRead', message: `${ph({ count: post.reading_time })} min read` })}
            </Text>
          </Group>
        </Group>
        <Title order={headingOrder} fz="lg" lineClamp={2}>
          {post.title}
        </Title>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {post.excerpt}
        </Text>
        {post.tags.length > 0 ? (
          <Group gap={4}>
            {tags.shown.map((tag) => (
              <Badge key={tag} variant="outline" size="sm" tt="none">
                #{tag}
              </Badge>
            ))}
            {tags.more > 0 ? (
              <Badge variant="default" size="sm">
                {t({ id: 'blog.moreTags', message: `+${ph({ count: tags.more })}` })}
              </Badge>
            ) : null}
          </Group>
        ) : null}
        <Group justify="space-between" mt="auto" pt="xs" wrap="wrap" gap="xs">
          <Text size="xs" c="dimmed">
            {post.author_name} · {formatBlogDate(post.published_at, language)}
          </Text>
          {post.view_count > 0 ? (
            <Group gap={4} c="dimmed" data-testid="blog-card-views">
              <IconEye size={14} />
              <Text size="xs">
                {t({
                  id: 'blog.views',
                  message: plural(ph({ count: post.view_count }), { one: `# view`, other: `# views` }),
                })}
              </Text>
            </Group>
          ) : null}
        </Group>
        <AnchorLink
          to="/blog/$slug"
          params={{ slug: post.slug }}
          fw={600}
          size="sm"
          data-testid="blog-read-more"
        >
          {t({ id: 'blog.readMore', message: 'Read more' })} →
        </AnchorLink>
      </Stack>
    </Card>
  );
}

export function BlogPostCardSkeleton() {
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="blog-card-skeleton">
      <Card.Section>
        <Skeleton h={180} radius={0} />
      </Card.Section>
      <Stack gap="xs" mt="md">
        <Skeleton h={16} w="40%" />
        <Skeleton h={22} />
        <Skeleton h={14} />
        <Skeleton h={14} w="80%" />
        <Skeleton h={12} w="50%" />
      </Stack>
    </Card>
  );
}
