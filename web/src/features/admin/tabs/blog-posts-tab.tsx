import { useLingui } from '@lingui/react/macro';
import { messageFor } from '../../../i18n/message-for';
import { BLOG_STATES_MESSAGES } from '../admin-messages';
import { formatInstant } from '@app/time/format';
import { toLocale } from '@app/rules';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLanguage } from '../../../i18n/language-provider';
import { type AdminBlogPost, adminBlogPostsQuery } from '../admin-api';
import { AdminQueryState, AdminTable } from '../kit/admin-table';
import { BlogPostDialog } from './blog-post-dialog';

/** Every blog post (drafts too) with create and edit. */
export function BlogPostsTab() {
  const { t } = useLingui();
  const { language } = useLanguage();
  const query = useQuery(adminBlogPostsQuery());
  const [dialog, setDialog] = useState<{ post: AdminBlogPost | null } | null>(null);
  return (
    <Stack data-testid="blog-posts-tab">
      <BlogPostDialog opened={dialog !== null} post={dialog?.post ?? null} onClose={() => setDialog(null)} />
      <Group>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ post: null })}>
          {t({ id: 'admin.blog.new', message: 'New post' })}
        </Button>
      </Group>
      <AdminQueryState query={query}>
        {(posts) => (
          <AdminTable
            label={t({ id: 'admin.tabs.blog', message: 'Blog posts' })}
            minWidth={720}
            empty={posts.length === 0 ? t({ id: 'admin.blog.empty', message: 'No posts yet' }) : null}
            columns={[
              t({ id: 'admin.blog.title', message: 'Title' }),
              t({ id: 'admin.blog.language', message: 'Language' }),
              t({ id: 'admin.blog.category', message: 'Category' }),
              t({ id: 'admin.blog.status', message: 'Status' }),
              t({ id: 'admin.blog.views', message: 'Views' }),
              t({ id: 'admin.blog.updated', message: 'Updated' }),
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
                    {t(messageFor(BLOG_STATES_MESSAGES, post.status))}
                  </Badge>
                </Table.Td>
                <Table.Td>{post.view_count}</Table.Td>
                <Table.Td>{formatInstant(post.updated_at, toLocale(language), { date: 'medium' })}</Table.Td>
                <Table.Td>
                  <Button size="compact-xs" variant="light" onClick={() => setDialog({ post })}>
                    {t({ id: 'admin.actions.edit', message: 'Edit' })}
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
