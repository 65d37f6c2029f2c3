import { useLingui } from '@lingui/react/macro';
import { messageById, messageFor } from '../../../i18n/message-for';
import { BLOG_STATES_MESSAGES } from '../admin-messages';
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
  const { t } = useLingui();
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
    success: post
      ? t({ id: 'admin.toast.updated', message: 'Updated' })
      : t({ id: 'admin.toast.added', message: 'Added' }),
    failure: post
      ? t({ id: 'admin.toast.updateFailed', message: 'Update failed' })
      : t({ id: 'admin.toast.addFailed', message: 'Add failed' }),
    onDone: onClose,
  });
  const ready = Boolean(
    values.slug.trim() && values.title.trim() && values.content.trim() && values.category.trim(),
  );

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={
        post
          ? t({ id: 'admin.blog.editTitle', message: 'Edit post' })
          : t({ id: 'admin.blog.new', message: 'New post' })
      }
      size="xl"
      ready={ready}
      saving={save.isPending}
      submitLabel={
        post
          ? t({ id: 'admin.actions.save', message: 'Save' })
          : t({ id: 'admin.actions.create', message: 'Create' })
      }
      onSubmit={() => save.mutate(undefined)}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t({ id: 'admin.blog.title', message: 'Title' })}
          required
          {...form.getInputProps('title')}
        />
        <TextInput
          label={t({ id: 'admin.blog.slug', message: 'Slug' })}
          required
          description={t({ id: 'admin.blog.slugHint', message: 'Lower-case letters, digits and hyphens' })}
          {...form.getInputProps('slug')}
        />
        <Select
          label={t({ id: 'admin.blog.language', message: 'Language' })}
          data={[
            { value: 'en', label: t({ id: 'admin.blog.languages.en', message: 'English' }) },
            // Chinese by its own name, as the language menu names it (the shared catalog's).
            { value: 'zh', label: t(messageById('shared.language.zh')) },
          ]}
          allowDeselect={false}
          {...form.getInputProps('language')}
        />
        <TextInput
          label={t({ id: 'admin.blog.category', message: 'Category' })}
          required
          {...form.getInputProps('category')}
        />
        <Select
          label={t({ id: 'admin.blog.status', message: 'Status' })}
          data={STATUSES.map((value) => ({ value, label: t(messageFor(BLOG_STATES_MESSAGES, value)) }))}
          allowDeselect={false}
          {...form.getInputProps('status')}
        />
        <TextInput
          label={t({ id: 'admin.blog.author', message: 'Author' })}
          {...form.getInputProps('author_name')}
        />
      </SimpleGrid>
      <Textarea
        label={t({ id: 'admin.blog.excerpt', message: 'Excerpt' })}
        autosize
        minRows={2}
        {...form.getInputProps('excerpt')}
      />
      <Group justify="space-between" align="flex-end">
        <Text size="sm" fw={500}>
          {t({ id: 'admin.blog.content', message: 'Content' })}
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
        aria-label={t({ id: 'admin.blog.content', message: 'Content' })}
        required
        autosize
        minRows={8}
        maxRows={20}
        styles={{ input: { fontFamily: 'monospace' } }}
        {...form.getInputProps('content')}
      />
      <TextInput
        label={t({ id: 'admin.blog.tags', message: 'Tags' })}
        description={t({ id: 'admin.blog.tagsHint', message: 'Separate with commas' })}
        {...form.getInputProps('tags')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t({ id: 'admin.blog.imageUrl', message: 'Cover image URL' })}
          {...form.getInputProps('featured_image_url')}
        />
        <TextInput
          label={t({ id: 'admin.blog.imageAlt', message: 'Cover image description' })}
          {...form.getInputProps('featured_image_alt')}
        />
        <TextInput
          label={t({ id: 'admin.blog.metaTitle', message: 'SEO title' })}
          {...form.getInputProps('meta_title')}
        />
        <TextInput
          label={t({ id: 'admin.blog.metaDescription', message: 'SEO description' })}
          {...form.getInputProps('meta_description')}
        />
      </SimpleGrid>
      <Switch
        label={t({ id: 'admin.blog.featured', message: 'Featured' })}
        {...form.getInputProps('featured', { type: 'checkbox' })}
      />
    </FormDialog>
  );
}
