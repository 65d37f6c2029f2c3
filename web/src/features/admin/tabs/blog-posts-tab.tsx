import { formatInstant } from '@app/time/format';
import { toLocale } from '@app/rules';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/language-provider';
import { type AdminBlogPost, adminBlogPostsQuery } from '../admin-api';
import { AdminQueryState, AdminTable } from '../kit/admin-table';
import { BlogPostDialog } from './blog-post-dialog';

/** Every blog post (drafts too) with create and edit. */
export function BlogPostsTab() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const query = useQuery(adminBlogPostsQuery());
  const [dialog, setDialog] = useState<{ post: AdminBlogPost | null } | null>(null);
  return (
    <Stack data-testid="blog-posts-tab">
      <BlogPostDialog opened={dialog !== null} post={dialog?.post ?? null} onClose={() => setDialog(null)} />
      <Group>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ post: null })}>
          {t('blog.new')}
        </Button>
      </Group>
      <AdminQueryState query={query}>
        {(posts) => (
          <AdminTable
            label={t('tabs.blog')}
            minWidth={720}
            empty={posts.length === 0 ? t('blog.empty') : null}
            columns={[
              t('blog.title'),
              t('blog.language'),
              t('blog.category'),
              t('blog.status'),
              t('blog.views'),
              t('blog.updated'),
              null,
            ]}
          >
            {posts.map((post) => (
              <Table.Tr key={post.id}>
                <Table.Td maw={320}>
                  <Text size="sm" fw={600} truncate>
                    {post.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    /{post.slug}
                  </Text>
                </Table.Td>
                <Table.Td>{post.language.toUpperCase()}</Table.Td>
                <Table.Td>{post.category}</Table.Td>
                <Table.Td>
                  <Badge
                    color={post.status === 'published' ? 'teal' : post.status === 'draft' ? 'yellow' : 'gray'}
                    variant="dot"
                  >
                    {t(`blog.states.${post.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{post.view_count}</Table.Td>
                <Table.Td>{formatInstant(post.updated_at, toLocale(language), { date: 'medium' })}</Table.Td>
                <Table.Td>
                  <Button size="compact-xs" variant="light" onClick={() => setDialog({ post })}>
                    {t('actions.edit')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </AdminTable>
        )}
      </AdminQueryState>
    </Stack>
  );
}
