import { Alert, Loader, Switch } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../api/error-text';
import { useTranslation } from '../../i18n/react';
import { readingSettingsQueryOptions, saveReadingSettings } from '../../queries/reading';
import { useAuth } from '../auth/auth-provider';
import { SectionCard } from '../ui/section-card';
import { showErrorToast } from '../ui/toast';

/** Profile: how the summary list keeps the reader's read state ("mark read when scrolled past"). */
export function ReadingSettingsCard() {
  const { t } = useTranslation('reading');
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const options = readingSettingsQueryOptions(user?.id ?? null);
  const query = useQuery(options);
  const save = useMutation({
    mutationFn: saveReadingSettings,
    onSuccess: (answer) => queryClient.setQueryData(options.queryKey, answer),
    onError: (error) => showErrorToast(t('settings.saveFailed'), errorText(t, error)),
  });

  let body: ReactNode;
  if (query.isPending) body = <Loader size="sm" aria-label={t('settings.title')} />;
  else if (query.isError) body = <Alert color="red">{t('settings.loadFailed')}</Alert>;
  else
    body = (
      <Switch
        label={t('settings.scrollPast')}
        description={t('settings.scrollPastHint')}
        checked={save.isPending ? save.variables.mark_read_on_scroll : query.data.mark_read_on_scroll}
        disabled={save.isPending}
        onChange={(event) => save.mutate({ mark_read_on_scroll: event.currentTarget.checked })}
        data-testid="mark-read-on-scroll-switch"
      />
    );
  return (
    <SectionCard
      id="reading-settings-title"
      title={t('settings.title')}
      description={t('settings.description')}
      testId="reading-settings-card"
    >
      {body}
    </SectionCard>
  );
}
