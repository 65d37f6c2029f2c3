import { useLingui } from '@lingui/react/macro';
import { LinguiScreen } from '../../i18n/lingui-screen';
import { ph, plural } from '@lingui/core/macro';
import {
  Alert,
  Badge,
  Button,
  Container,
  Divider,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Typography,
} from '@mantine/core';
import { IconArrowLeft, IconClock, IconEye, IconShare } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/client';
import { useLanguage } from '../../i18n/language-provider';
import { siteFeedLinks, useFeedLinks } from '../content/feed-links';
import { ButtonLink } from '../ui/router-links';
import { showErrorToast, showSuccessToast } from '../ui/toast';
import { useDocumentTitle } from '../ui/use-document-title';
import { formatBlogDate } from './blog-format';
import { BlogPostCard, useCategoryLabel } from './blog-post-card';
import { blogPostQueryOptions, recordView } from './blog-queries';
import { errorText } from '../../api/error-text';
import { NEUTRAL_IMAGE, useImageFallback } from './image-fallback';

function BackToBlog() {
  const { t } = useLingui();
  return (
    <ButtonLink to="/blog" variant="subtle" leftSection={<IconArrowLeft size={16} />} w="fit-content" px={0}>
      {t({ id: 'blog.back', message: 'Back to blog' })}
    </ButtonLink>
  );
}

function PostNotFound() {
  const { t } = useLingui();
  useDocumentTitle(t({ id: 'blog.notFound.title', message: 'Post not found' }));
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="lg" p="xl" data-testid="blog-post-not-found">
        <Stack align="center" gap="sm">
          <Title order={1}>{t({ id: 'blog.notFound.title', message: 'Post not found' })}</Title>
          <Text c="dimmed" ta="center">
            {t({
              id: 'blog.notFound.text',
              message: 'The post you are looking for does not exist or is not published in this language.',
            })}
          </Text>
          <ButtonLink to="/blog" leftSection={<IconArrowLeft size={16} />}>
            {t({ id: 'blog.notFound.back', message: 'Back to blog' })}
          </ButtonLink>
        </Stack>
      </Paper>
    </Container>
  );
}

/** /blog/:slug: back button, meta line, title, share, image, HTML body, tags, up to 3 related posts. */
function BlogPostScreen({ slug }: { slug: string }) {
  const { t } = useLingui();
  const { language } = useLanguage();
  // The blog's feed, as the post's served document names it.
  useFeedLinks(siteFeedLinks('blog', language));
  const categoryLabel = useCategoryLabel();
  const queryClient = useQueryClient();
  const query = useQuery(blogPostQueryOptions(slug, language));
  const post = query.data?.post;
  const related = query.data?.related ?? [];
  useDocumentTitle(post?.meta_title ?? post?.title);
  const [views, setViews] = useState<number | null>(null);
  const body = useRef<HTMLDivElement>(null);
  useImageFallback(body, post?.content);

  // One view per opened post (the ref survives StrictMode's double effect run).
  const counted = useRef<string | null>(null);
  const postId = post?.id;
  useEffect(() => {
    if (!postId || counted.current === postId) return;
    counted.current = postId;
    recordView(postId)
      .then((answer) => {
        setViews(answer.view_count);
        void queryClient.invalidateQueries({ queryKey: ['blog', 'posts'] });
      })
      .catch(() => undefined);
  }, [postId, queryClient]);

  useEffect(() => {
    if (!post?.meta_description) return;
    const tag =
      document.querySelector('meta[name="description"]') ??
      document.head.appendChild(document.createElement('meta'));
    tag.setAttribute('name', 'description');
    tag.setAttribute('content', post.meta_description);
  }, [post?.meta_description]);

  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <PostNotFound />;
    return (
      <Container size="md" py="xl">
        <Stack>
          <BackToBlog />
          <Alert color="red" title={t({ id: 'blog.loadError', message: 'Could not load the blog' })}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorText(t, query.error)}</Text>
              <Button size="xs" variant="light" onClick={() => query.refetch()}>
                {t({ id: 'blog.retry', message: 'Try again' })}
              </Button>
            </Stack>
          </Alert>
        </Stack>
      </Container>
    );
  }

  if (!post) {
    return (
      // A screen tall, as the post that replaces it is: the footer below does not jump when it comes.
      <Container size="md" py="xl" mih="100vh" data-testid="blog-post-loading">
        <Stack>
          <Skeleton h={20} w={120} />
          <Skeleton h={40} />
          <Skeleton h={14} w="50%" />
          <Skeleton h={280} />
          <Skeleton h={14} />
          <Skeleton h={14} />
        </Stack>
      </Container>
    );
  }

  const viewCount = views ?? post.view_count;
  const share = async () => {
    const url = window.location.href;
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({ title: post.title, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      showSuccessToast(t({ id: 'blog.shareCopied', message: 'Link copied' }));
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      showErrorToast(t({ id: 'blog.shareFailed', message: 'Could not copy the link' }));
    }
  };

  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <BackToBlog />
        <Group gap="sm" wrap="wrap">
          <Badge variant="light">{categoryLabel(post.category)}</Badge>
          <Group gap={4} c="dimmed">
            <IconClock size={14} />
            <Text size="sm">
              {t({ id: 'blog.minRead', message: `${ph({ count: post.reading_time })} min read` })}
            </Text>
          </Group>
          <Group gap={4} c="dimmed" data-testid="blog-post-views">
            <IconEye size={14} />
            <Text size="sm">
              {t({
                id: 'blog.views',
                message: plural(ph({ count: viewCount }), { one: `# view`, other: `# views` }),
              })}
            </Text>
          </Group>
        </Group>
        <Title order={1} fz={{ base: 28, sm: 38 }} data-testid="blog-post-title">
          {post.title}
        </Title>
        <Group justify="space-between" wrap="wrap">
          <Text c="dimmed" size="sm">
            {t({ id: 'blog.by', message: `By ${ph({ author: post.author_name })}` })} ·{' '}
            {formatBlogDate(post.published_at, language)}
          </Text>
          <Button variant="light" size="xs" leftSection={<IconShare size={14} />} onClick={share}>
            {t({ id: 'blog.share', message: 'Share' })}
          </Button>
        </Group>
        {post.featured_image_url ? (
          // Its height is set before it loads (nothing moves when it comes, or fails to and the grey
          // panel takes its place).
          <Image
            src={post.featured_image_url}
            alt={post.featured_image_alt ?? post.title}
            radius="lg"
            h={{ base: 200, sm: 360 }}
            fit="cover"
            fallbackSrc={NEUTRAL_IMAGE}
            data-testid="blog-post-image"
          />
        ) : null}
        <Typography data-testid="blog-post-content">
          {/* Sanitised on the server (@app/sanitize) before it is stored and again when served. */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised post HTML */}
          <div ref={body} dangerouslySetInnerHTML={{ __html: post.content }} />
        </Typography>
        {post.tags.length > 0 ? (
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {t({ id: 'blog.tags', message: 'Tags' })}:
            </Text>
            {post.tags.map((tag) => (
              <Badge key={tag} variant="outline" tt="none">
                #{tag}
              </Badge>
            ))}
          </Group>
        ) : null}
        {related.length > 0 ? (
          <>
            <Divider my="md" />
            <Title order={2} fz="xl">
              {t({ id: 'blog.related', message: 'Related posts' })}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid="blog-related">
              {related.map((related) => (
                <BlogPostCard key={related.id} post={related} headingOrder={3} />
              ))}
            </SimpleGrid>
          </>
        ) : null}
      </Stack>
    </Container>
  );
}

export function BlogPostPage(props: { slug: string }) {
  return (
    <LinguiScreen namespaces={['blog']}>
      <BlogPostScreen {...props} />
    </LinguiScreen>
  );
}
