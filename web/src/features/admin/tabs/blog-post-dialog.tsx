import {
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { fieldErrorTexts } from '../../../api/error-text';
import { type AdminBlogPost, saveBlogPost } from '../admin-api';
import { parseKeywords } from '@app/rules';
import { useAdminAction } from '../kit/admin-shared';

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

const STATUSES: Form['status'][] = ['draft', 'published', 'archived'];

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

/** New and edit modes; the server's field errors show under their fields. */
export function BlogPostDialog({
  opened,
  post,
  onClose,
}: {
  opened: boolean;
  post: AdminBlogPost | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
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
        return await saveBlogPost(post ?? null, body);
      } catch (error) {
        const fields = (error as { fields?: Record<string, string> }).fields;
        // Each field's message in the admin's language (api/error-text), not the server's words.
        if (fields) setFieldErrors(fieldErrorTexts(t, error));
        throw error;
      }
    },
    success: post ? t('toast.updated') : t('toast.added'),
    failure: post ? t('toast.updateFailed') : t('toast.addFailed'),
    onDone: onClose,
  });
  const ready = form.slug.trim() && form.title.trim() && form.content.trim() && form.category.trim();

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      opened={opened}
      onClose={onClose}
      title={post ? t('blog.editTitle') : t('blog.new')}
      size="xl"
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) save.mutate(undefined);
        }}
      >
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('blog.title')}
              required
              value={form.title}
              error={fieldErrors.title}
              onChange={(e) => set('title')(e.currentTarget.value)}
            />
            <TextInput
              label={t('blog.slug')}
              required
              value={form.slug}
              error={fieldErrors.slug}
              description={t('blog.slugHint')}
              onChange={(e) => set('slug')(e.currentTarget.value)}
            />
            <Select
              label={t('blog.language')}
              data={[
                { value: 'en', label: t('blog.languages.en') },
                { value: 'zh', label: t('blog.languages.zh') },
              ]}
              value={form.language}
              allowDeselect={false}
              onChange={(v) => v && set('language')(v as Form['language'])}
            />
            <TextInput
              label={t('blog.category')}
              required
              value={form.category}
              error={fieldErrors.category}
              onChange={(e) => set('category')(e.currentTarget.value)}
            />
            <Select
              label={t('blog.status')}
              data={STATUSES.map((value) => ({ value, label: t(`blog.states.${value}`) }))}
              value={form.status}
              allowDeselect={false}
              onChange={(v) => v && set('status')(v as Form['status'])}
            />
            <TextInput
              label={t('blog.author')}
              value={form.author_name}
              onChange={(e) => set('author_name')(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Textarea
            label={t('blog.excerpt')}
            autosize
            minRows={2}
            value={form.excerpt}
            onChange={(e) => set('excerpt')(e.currentTarget.value)}
          />
          <Group justify="space-between" align="flex-end">
            <Text size="sm" fw={500}>
              {t('blog.content')}
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
            aria-label={t('blog.content')}
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
            label={t('blog.tags')}
            description={t('blog.tagsHint')}
            value={form.tags}
            onChange={(e) => set('tags')(e.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('blog.imageUrl')}
              value={form.featured_image_url}
              error={fieldErrors.featured_image_url}
              onChange={(e) => set('featured_image_url')(e.currentTarget.value)}
            />
            <TextInput
              label={t('blog.imageAlt')}
              value={form.featured_image_alt}
              onChange={(e) => set('featured_image_alt')(e.currentTarget.value)}
            />
            <TextInput
              label={t('blog.metaTitle')}
              value={form.meta_title}
              onChange={(e) => set('meta_title')(e.currentTarget.value)}
            />
            <TextInput
              label={t('blog.metaDescription')}
              value={form.meta_description}
              onChange={(e) => set('meta_description')(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Switch
            label={t('blog.featured')}
            checked={form.featured}
            onChange={(e) => set('featured')(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" disabled={!ready} loading={save.isPending}>
              {post ? t('actions.save') : t('actions.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
