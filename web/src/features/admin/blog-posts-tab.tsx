import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { type AdminBlogPost, adminBlogPostsQuery, errorText } from './admin-api';
import { parseKeywords, TOAST } from './admin-logic';
import { useAdminAction } from './admin-shared';

type Form = {
  slug: string;
  language: 'en' | 'zh';
  category: string;
  title: string;
  excerpt: string;
  content: string;
  content_format: 'markdown' | 'html';
  tags: string;
  featured: boolean;
  featured_image_url: string;
  featured_image_alt: string;
  author_name: string;
  status: 'draft' | 'published' | 'archived';
  meta_title: string;
  meta_description: string;
};

const EMPTY: Form = {
  slug: '',
  language: 'en',
  category: 'product',
  title: '',
  excerpt: '',
  content: '',
  content_format: 'markdown',
  tags: '',
  featured: false,
  featured_image_url: '',
  featured_image_alt: '',
  author_name: 'Editorial team',
  status: 'draft',
  meta_title: '',
  meta_description: '',
};

const STATUS_LABELS = { draft: '草稿', published: '已发布', archived: '已归档' } as const;

function fromPost(post: AdminBlogPost): Form {
  return {
    slug: post.slug,
    language: post.language,
    category: post.category,
    title: post.title,
    excerpt: post.excerpt,
    content: post.content,
    content_format: 'html',
    tags: post.tags.join(', '),
    featured: post.featured,
    featured_image_url: post.featured_image_url ?? '',
    featured_image_alt: post.featured_image_alt ?? '',
    author_name: post.author_name,
    status: post.status,
    meta_title: post.meta_title ?? '',
    meta_description: post.meta_description ?? '',
  };
}

function BlogPostDialog({
  opened,
  post,
  onClose,
}: {
  opened: boolean;
  post: AdminBlogPost | null;
  onClose: () => void;
}) {
  const [form, setForm] = useState<Form>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!opened) return;
    setForm(post ? fromPost(post) : EMPTY);
    setFieldErrors({});
  }, [opened, post]);
  const set =
    <K extends keyof Form>(key: K) =>
    (value: Form[K]) =>
      setForm((f) => ({ ...f, [key]: value }));

  const save = useAdminAction({
    run: async () => {
      const body = {
        ...form,
        tags: parseKeywords(form.tags),
        featured_image_url: form.featured_image_url.trim() || null,
        featured_image_alt: form.featured_image_alt.trim() || null,
        meta_title: form.meta_title.trim() || null,
        meta_description: form.meta_description.trim() || null,
      };
      try {
        return post
          ? await api.patch(`/api/admin/blog/posts/${post.id}`, body)
          : await api.post('/api/admin/blog/posts', body);
      } catch (error) {
        const fields = (error as { fields?: Record<string, string> }).fields;
        if (fields) setFieldErrors(fields);
        throw error;
      }
    },
    success: post ? TOAST.updated : TOAST.added,
    failure: post ? TOAST.updateFailed : TOAST.addFailed,
    onDone: onClose,
  });
  const ready = form.slug.trim() && form.title.trim() && form.content.trim() && form.category.trim();

  return (
    <Modal opened={opened} onClose={onClose} title={post ? '编辑文章' : '新建文章'} size="xl" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) save.mutate(undefined);
        }}
      >
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="标题"
              required
              value={form.title}
              error={fieldErrors.title}
              onChange={(e) => set('title')(e.currentTarget.value)}
            />
            <TextInput
              label="Slug"
              required
              value={form.slug}
              error={fieldErrors.slug}
              description="小写字母、数字和连字符"
              onChange={(e) => set('slug')(e.currentTarget.value)}
            />
            <Select
              label="语言"
              data={[
                { value: 'en', label: 'English' },
                { value: 'zh', label: '中文' },
              ]}
              value={form.language}
              allowDeselect={false}
              onChange={(v) => v && set('language')(v as Form['language'])}
            />
            <TextInput
              label="分类"
              required
              value={form.category}
              error={fieldErrors.category}
              onChange={(e) => set('category')(e.currentTarget.value)}
            />
            <Select
              label="状态"
              data={Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }))}
              value={form.status}
              allowDeselect={false}
              onChange={(v) => v && set('status')(v as Form['status'])}
            />
            <TextInput
              label="作者"
              value={form.author_name}
              onChange={(e) => set('author_name')(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Textarea
            label="摘要"
            autosize
            minRows={2}
            value={form.excerpt}
            onChange={(e) => set('excerpt')(e.currentTarget.value)}
          />
          <Group justify="space-between" align="flex-end">
            <Text size="sm" fw={500}>
              正文
            </Text>
            <SegmentedControl
              size="xs"
              value={form.content_format}
              onChange={(v) => set('content_format')(v as Form['content_format'])}
              data={[
                { value: 'markdown', label: 'Markdown' },
                { value: 'html', label: 'HTML' },
              ]}
            />
          </Group>
          <Textarea
            aria-label="正文"
            required
            autosize
            minRows={8}
            maxRows={20}
            value={form.content}
            error={fieldErrors.content}
            onChange={(e) => set('content')(e.currentTarget.value)}
            styles={{ input: { fontFamily: 'monospace' } }}
          />
          <TextInput
            label="标签"
            description="用逗号分隔"
            value={form.tags}
            onChange={(e) => set('tags')(e.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="封面图片URL"
              value={form.featured_image_url}
              error={fieldErrors.featured_image_url}
              onChange={(e) => set('featured_image_url')(e.currentTarget.value)}
            />
            <TextInput
              label="封面图片说明"
              value={form.featured_image_alt}
              onChange={(e) => set('featured_image_alt')(e.currentTarget.value)}
            />
            <TextInput
              label="SEO 标题"
              value={form.meta_title}
              onChange={(e) => set('meta_title')(e.currentTarget.value)}
            />
            <TextInput
              label="SEO 描述"
              value={form.meta_description}
              onChange={(e) => set('meta_description')(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Switch
            label="精选"
            checked={form.featured}
            onChange={(e) => set('featured')(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              取消
            </Button>
            <Button type="submit" disabled={!ready} loading={save.isPending}>
              {post ? '保存' : '创建'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Every blog post (drafts too) with create and edit. */
export function BlogPostsTab() {
  const query = useQuery(adminBlogPostsQuery());
  const [dialog, setDialog] = useState<{ post: AdminBlogPost | null } | null>(null);
  return (
    <Stack data-testid="blog-posts-tab">
      <BlogPostDialog opened={dialog !== null} post={dialog?.post ?? null} onClose={() => setDialog(null)} />
      <Group>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ post: null })}>
          新建文章
        </Button>
      </Group>
      {query.isError ? (
        <Alert color="red" title={TOAST.loadFailed}>
          <Text size="sm">{errorText(query.error)}</Text>
        </Alert>
      ) : query.isPending ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : query.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          还没有文章
        </Text>
      ) : (
        <ScrollArea type="auto">
          <Table striped miw={720} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>标题</Table.Th>
                <Table.Th>语言</Table.Th>
                <Table.Th>分类</Table.Th>
                <Table.Th>状态</Table.Th>
                <Table.Th>浏览</Table.Th>
                <Table.Th>更新时间</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.map((post) => (
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
                      color={
                        post.status === 'published' ? 'teal' : post.status === 'draft' ? 'yellow' : 'gray'
                      }
                      variant="light"
                    >
                      {STATUS_LABELS[post.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{post.view_count}</Table.Td>
                  <Table.Td>
                    {new Intl.DateTimeFormat('zh-CN', { dateStyle: 'medium' }).format(
                      new Date(post.updated_at),
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button size="compact-xs" variant="light" onClick={() => setDialog({ post })}>
                      编辑
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}
