import {
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { fieldErrorTexts } from '../../../api/error-text';
import { type AdminBlogPost, saveBlogPost } from '../admin-api';
import { parseKeywords } from '@app/rules';
import { useAdminAction } from '../kit/admin-shared';
import { FormDialog, useDialogForm } from '../kit/form-dialog';

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

/** The form's values: a new post's defaults, or the post being edited. */
const valuesOf = (post: AdminBlogPost | null): Form => (post ? fromPost(post) : EMPTY);

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
  const form = useDialogForm(opened, post, valuesOf);
  const { values } = form;

  const save = useAdminAction({
    run: async () => {
      const body = {
        ...values,
        tags: parseKeywords(values.tags),
        featured_image_url: values.featured_image_url.trim() || null,
        featured_image_alt: values.featured_image_alt.trim() || null,
        meta_title: values.meta_title.trim() || null,
        meta_description: values.meta_description.trim() || null,
      };
      try {
        return await saveBlogPost(post ?? null, body);
      } catch (error) {
        const fields = (error as { fields?: Record<string, string> }).fields;
        // Each field's message in the admin's language (api/error-text), not the server's words.
        if (fields) form.setErrors(fieldErrorTexts(t, error));
        throw error;
      }
    },
    success: post ? t('toast.updated') : t('toast.added'),
    failure: post ? t('toast.updateFailed') : t('toast.addFailed'),
    onDone: onClose,
  });
  const ready = Boolean(
    values.slug.trim() && values.title.trim() && values.content.trim() && values.category.trim(),
  );

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={post ? t('blog.editTitle') : t('blog.new')}
      size="xl"
      ready={ready}
      saving={save.isPending}
      submitLabel={post ? t('actions.save') : t('actions.create')}
      onSubmit={() => save.mutate(undefined)}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('blog.title')} required {...form.getInputProps('title')} />
        <TextInput
          label={t('blog.slug')}
          required
          description={t('blog.slugHint')}
          {...form.getInputProps('slug')}
        />
        <Select
          label={t('blog.language')}
          data={[
            { value: 'en', label: t('blog.languages.en') },
            { value: 'zh', label: t('blog.languages.zh') },
          ]}
          allowDeselect={false}
          {...form.getInputProps('language')}
        />
        <TextInput label={t('blog.category')} required {...form.getInputProps('category')} />
        <Select
          label={t('blog.status')}
          data={STATUSES.map((value) => ({ value, label: t(`blog.states.${value}`) }))}
          allowDeselect={false}
          {...form.getInputProps('status')}
        />
        <TextInput label={t('blog.author')} {...form.getInputProps('author_name')} />
      </SimpleGrid>
      <Textarea label={t('blog.excerpt')} autosize minRows={2} {...form.getInputProps('excerpt')} />
      <Group justify="space-between" align="flex-end">
        <Text size="sm" fw={500}>
          {t('blog.content')}
        </Text>
        <SegmentedControl
          size="xs"
          data={[
            { value: 'markdown', label: 'Markdown' },
            { value: 'html', label: 'HTML' },
          ]}
          {...form.getInputProps('content_format')}
        />
      </Group>
      <Textarea
        aria-label={t('blog.content')}
        required
        autosize
        minRows={8}
        maxRows={20}
        styles={{ input: { fontFamily: 'monospace' } }}
        {...form.getInputProps('content')}
      />
      <TextInput label={t('blog.tags')} description={t('blog.tagsHint')} {...form.getInputProps('tags')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('blog.imageUrl')} {...form.getInputProps('featured_image_url')} />
        <TextInput label={t('blog.imageAlt')} {...form.getInputProps('featured_image_alt')} />
        <TextInput label={t('blog.metaTitle')} {...form.getInputProps('meta_title')} />
        <TextInput label={t('blog.metaDescription')} {...form.getInputProps('meta_description')} />
      </SimpleGrid>
      <Switch label={t('blog.featured')} {...form.getInputProps('featured', { type: 'checkbox' })} />
    </FormDialog>
  );
}
