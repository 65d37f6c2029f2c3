import { useLingui } from '@lingui/react/macro';
import { useLanguage } from '../../i18n/language-provider';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { localName } from '@app/rules';
import { Alert, Button, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { isApiError } from '../../api/client';
import { errorText } from '../../api/error-text';
import { topicsQueryOptions } from '../../queries/content';
import { useAuth } from '../auth/auth-provider';
import { platformOptions } from './platform-options';
import { suggestSource } from './source-submission-api';

const AUTO_CLOSE_MS = 3000;

/** What is wrong with each field, translated as the form draws (a language switch redraws it). */
type Errors = Partial<
  Record<'topic' | 'topic_custom' | 'platform' | 'platform_custom' | 'url', MessageDescriptor>
>;

function validate(form: {
  topic: string;
  topic_custom: string;
  platform: string;
  platform_custom: string;
  url: string;
}): Errors {
  const errors: Errors = {};
  if (!form.topic)
    errors.topic = msg({ id: 'content.suggest.topicRequired', message: 'Please select a topic' });
  if (form.topic === 'other' && !form.topic_custom.trim())
    errors.topic_custom = msg({ id: 'content.suggest.topicCustomRequired', message: 'Please enter a topic' });
  if (form.topic_custom.trim().length > 100)
    errors.topic_custom = msg({
      id: 'content.suggest.topicCustomTooLong',
      message: 'Topic is too long (max 100 characters)',
    });
  if (!form.platform)
    errors.platform = msg({ id: 'content.suggest.platformRequired', message: 'Please select a platform' });
  if (form.platform === 'other' && !form.platform_custom.trim())
    errors.platform_custom = msg({
      id: 'content.suggest.platformCustomRequired',
      message: 'Please enter a platform',
    });
  if (form.platform_custom.trim().length > 50)
    errors.platform_custom = msg({
      id: 'content.suggest.platformCustomTooLong',
      message: 'Platform is too long (max 50 characters)',
    });
  const url = form.url.trim();
  if (url.length > 500)
    errors.url = msg({ id: 'content.suggest.urlTooLong', message: 'URL is too long (max 500 characters)' });
  else {
    try {
      const parsed = new URL(url);
      if (!/^https?:$/.test(parsed.protocol))
        errors.url = msg({ id: 'content.suggest.urlInvalid', message: 'Please enter a valid URL' });
    } catch {
      errors.url = msg({ id: 'content.suggest.urlInvalid', message: 'Please enter a valid URL' });
    }
  }
  return errors;
}

/** A form, then a thank-you view that closes by itself after 3 seconds. */
export function SuggestSourceDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const { isAuthenticated } = useAuth();
  const topics = useQuery({ ...topicsQueryOptions(), enabled: opened });
  const empty = { topic: '', topic_custom: '', platform: '', platform_custom: '', url: '' };
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState(false);

  const submit = useMutation({
    mutationFn: () =>
      suggestSource({
        topic: form.topic,
        platform: form.platform,
        url: form.url.trim(),
        ...(form.topic === 'other' ? { topic_custom: form.topic_custom.trim() } : {}),
        ...(form.platform === 'other' ? { platform_custom: form.platform_custom.trim() } : {}),
      }),
    onSuccess: () => setDone(true),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per success; the closers are stable enough for a 3 s timer
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => {
      setDone(false);
      setForm(empty);
      submit.reset();
      onClose();
    }, AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [done]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length === 0) submit.mutate();
  };

  const serverError = (() => {
    const error = submit.error;
    if (!error) return null;
    if (!isApiError(error) || error.isNetworkError)
      return t({
        id: 'content.suggest.networkError',
        message: 'Network error, please check your connection',
      });
    if (error.status === 401)
      return t({ id: 'content.suggest.authRequired', message: 'Please sign in to suggest a source' });
    // A duplicate, a private address, …: the answer's text in the reader's language (api/error-text).
    return errorText(t, error);
  })();

  const topicOptions = [
    ...(topics.data ?? []).map((topic) => ({
      value: topic.id,
      label: localName(topic, language),
    })),
    { value: 'other', label: t({ id: 'content.suggest.other', message: 'Other' }) },
  ];
  const platformChoices = [
    ...platformOptions(t),
    { value: 'other', label: t({ id: 'content.suggest.other', message: 'Other' }) },
  ];
  const set = (key: keyof typeof form) => (value: string | null) =>
    setForm((f) => ({ ...f, [key]: value ?? '' }));

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t({ id: 'content.suggest.title', message: 'Suggest a data source' })}
      centered
    >
      {done ? (
        <Stack align="center" py="md" data-testid="suggest-success">
          <IconCircleCheck size={48} color="var(--mantine-color-green-6)" aria-hidden />
          <Text ta="center">
            {t({
              id: 'content.suggest.success',
              message: 'Thank you! We will review your suggestion within 1-2 days.',
            })}
          </Text>
          <Text size="xs" c="dimmed">
            {t({ id: 'content.suggest.closing', message: 'This window closes by itself.' })}
          </Text>
        </Stack>
      ) : !isAuthenticated ? (
        <Alert color="yellow">
          {t({ id: 'content.suggest.authRequired', message: 'Please sign in to suggest a source' })}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            {topics.isError ? (
              <Alert color="red">
                {t({ id: 'content.suggest.serverError', message: 'Server error, please try again' })}
              </Alert>
            ) : null}
            <Select
              label={t({ id: 'content.suggest.topic', message: 'Topic' })}
              placeholder={t({ id: 'content.suggest.topicPlaceholder', message: 'Select a topic' })}
              data={topicOptions}
              value={form.topic || null}
              onChange={set('topic')}
              error={errors.topic && t(errors.topic)}
              comboboxProps={{ withinPortal: false }}
            />
            {form.topic === 'other' ? (
              <TextInput
                label={t({ id: 'content.suggest.topicCustom', message: 'Your topic' })}
                value={form.topic_custom}
                onChange={(e) => set('topic_custom')(e.currentTarget.value)}
                error={errors.topic_custom && t(errors.topic_custom)}
                maxLength={120}
              />
            ) : null}
            <Select
              label={t({ id: 'content.suggest.platform', message: 'Platform' })}
              placeholder={t({ id: 'content.suggest.platformPlaceholder', message: 'Select a platform' })}
              data={platformChoices}
              value={form.platform || null}
              onChange={set('platform')}
              error={errors.platform && t(errors.platform)}
              comboboxProps={{ withinPortal: false }}
            />
            {form.platform === 'other' ? (
              <TextInput
                label={t({ id: 'content.suggest.platformCustom', message: 'Your platform' })}
                value={form.platform_custom}
                onChange={(e) => set('platform_custom')(e.currentTarget.value)}
                error={errors.platform_custom && t(errors.platform_custom)}
                maxLength={70}
              />
            ) : null}
            <TextInput
              label={t({ id: 'content.suggest.url', message: 'URL' })}
              type="url"
              placeholder="https://"
              value={form.url}
              onChange={(e) => set('url')(e.currentTarget.value)}
              error={errors.url && t(errors.url)}
            />
            {serverError ? (
              <Alert color="red" data-testid="suggest-error">
                {serverError}
              </Alert>
            ) : null}
            <Button type="submit" loading={submit.isPending}>
              {submit.isPending
                ? t({ id: 'content.suggest.submitting', message: 'Submitting...' })
                : t({ id: 'content.suggest.submit', message: 'Submit' })}
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
