import { localName } from '@app/rules';
import { Alert, Button, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { isApiError } from '../../api/client';
import { errorText } from '../../api/error-text';
import { topicsQueryOptions } from '../../queries/content';
import { useAuth } from '../auth/auth-provider';
import { platformOptions } from './platform-options';
import { suggestSource } from './source-submission-api';

const AUTO_CLOSE_MS = 3000;

type Errors = Partial<Record<'topic' | 'topic_custom' | 'platform' | 'platform_custom' | 'url', string>>;

function validate(
  form: { topic: string; topic_custom: string; platform: string; platform_custom: string; url: string },
  t: (key: string) => string,
): Errors {
  const errors: Errors = {};
  if (!form.topic) errors.topic = t('suggest.topicRequired');
  if (form.topic === 'other' && !form.topic_custom.trim())
    errors.topic_custom = t('suggest.topicCustomRequired');
  if (form.topic_custom.trim().length > 100) errors.topic_custom = t('suggest.topicCustomTooLong');
  if (!form.platform) errors.platform = t('suggest.platformRequired');
  if (form.platform === 'other' && !form.platform_custom.trim())
    errors.platform_custom = t('suggest.platformCustomRequired');
  if (form.platform_custom.trim().length > 50) errors.platform_custom = t('suggest.platformCustomTooLong');
  const url = form.url.trim();
  if (url.length > 500) errors.url = t('suggest.urlTooLong');
  else {
    try {
      const parsed = new URL(url);
      if (!/^https?:$/.test(parsed.protocol)) errors.url = t('suggest.urlInvalid');
    } catch {
      errors.url = t('suggest.urlInvalid');
    }
  }
  return errors;
}

/** A form, then a thank-you view that closes by itself after 3 seconds. */
export function SuggestSourceDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('content');
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
    const found = validate(form, t as (key: string) => string);
    setErrors(found);
    if (Object.keys(found).length === 0) submit.mutate();
  };

  const serverError = (() => {
    const error = submit.error;
    if (!error) return null;
    if (!isApiError(error) || error.isNetworkError) return t('suggest.networkError');
    if (error.status === 401) return t('suggest.authRequired');
    // A duplicate, a private address, …: the answer's text in the reader's language (api/error-text).
    return errorText(t, error);
  })();

  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  const topicOptions = [
    ...(topics.data ?? []).map((topic) => ({
      value: topic.id,
      label: localName(topic, lang),
    })),
    { value: 'other', label: t('suggest.other') },
  ];
  const platformChoices = [...platformOptions(t), { value: 'other', label: t('suggest.other') }];
  const set = (key: keyof typeof form) => (value: string | null) =>
    setForm((f) => ({ ...f, [key]: value ?? '' }));

  return (
    <Modal opened={opened} onClose={onClose} title={t('suggest.title')} centered>
      {done ? (
        <Stack align="center" py="md" data-testid="suggest-success">
          <IconCircleCheck size={48} color="var(--mantine-color-green-6)" aria-hidden />
          <Text ta="center">{t('suggest.success')}</Text>
          <Text size="xs" c="dimmed">
            {t('suggest.closing')}
          </Text>
        </Stack>
      ) : !isAuthenticated ? (
        <Alert color="yellow">{t('suggest.authRequired')}</Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            {topics.isError ? <Alert color="red">{t('suggest.serverError')}</Alert> : null}
            <Select
              label={t('suggest.topic')}
              placeholder={t('suggest.topicPlaceholder')}
              data={topicOptions}
              value={form.topic || null}
              onChange={set('topic')}
              error={errors.topic}
              comboboxProps={{ withinPortal: false }}
            />
            {form.topic === 'other' ? (
              <TextInput
                label={t('suggest.topicCustom')}
                value={form.topic_custom}
                onChange={(e) => set('topic_custom')(e.currentTarget.value)}
                error={errors.topic_custom}
                maxLength={120}
              />
            ) : null}
            <Select
              label={t('suggest.platform')}
              placeholder={t('suggest.platformPlaceholder')}
              data={platformChoices}
              value={form.platform || null}
              onChange={set('platform')}
              error={errors.platform}
              comboboxProps={{ withinPortal: false }}
            />
            {form.platform === 'other' ? (
              <TextInput
                label={t('suggest.platformCustom')}
                value={form.platform_custom}
                onChange={(e) => set('platform_custom')(e.currentTarget.value)}
                error={errors.platform_custom}
                maxLength={70}
              />
            ) : null}
            <TextInput
              label={t('suggest.url')}
              type="url"
              placeholder="https://"
              value={form.url}
              onChange={(e) => set('url')(e.currentTarget.value)}
              error={errors.url}
            />
            {serverError ? (
              <Alert color="red" data-testid="suggest-error">
                {serverError}
              </Alert>
            ) : null}
            <Button type="submit" loading={submit.isPending}>
              {submit.isPending ? t('suggest.submitting') : t('suggest.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
