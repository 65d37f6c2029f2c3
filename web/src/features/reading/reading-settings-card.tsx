import { useLingui } from '@lingui/react/macro';
import { Alert, Loader, Switch } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../api/error-text';
import { readingSettingsQueryOptions, saveReadingSettings } from '../../queries/reading';
import { useAuth } from '../auth/auth-provider';
import { SectionCard } from '../ui/section-card';
import { showErrorToast } from '../ui/toast';

/** Profile: how the summary list keeps the reader's read state ("mark read when scrolled past"). */
export function ReadingSettingsCard() {
  const { t } = useLingui();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const options = readingSettingsQueryOptions(user?.id ?? null);
  const query = useQuery(options);
  const save = useMutation({
    mutationFn: saveReadingSettings,
    onSuccess: (answer) => queryClient.setQueryData(options.queryKey, answer),
    onError: (error) =>
      showErrorToast(
        t({ id: 'reading.settings.saveFailed', message: 'Could not save the reading setting' }),
        errorText(t, error),
      ),
  });

  let body: ReactNode;
  if (query.isPending)
    body = <Loader size="sm" aria-label={t({ id: 'reading.settings.title', message: 'Reading' })} />;
  else if (query.isError)
    body = (
      <Alert color="red">
        {t({ id: 'reading.settings.loadFailed', message: 'Could not load your reading settings' })}
      </Alert>
    );
  else
    body = (
      <Switch
        label={t({
          id: 'reading.settings.scrollPast',
          message: 'Mark summaries as read when I scroll past them',
        })}
        description={t({
          id: 'reading.settings.scrollPastHint',
          message: 'Opening a summary always marks it read.',
        })}
        checked={save.isPending ? save.variables.mark_read_on_scroll : query.data.mark_read_on_scroll}
        disabled={save.isPending}
        onChange={(event) => save.mutate({ mark_read_on_scroll: event.currentTarget.checked })}
        data-testid="mark-read-on-scroll-switch"
      />
    );
  return (
    <SectionCard
      id="reading-settings-title"
      title={t({ id: 'reading.settings.title', message: 'Reading' })}
      description={t({
        id: 'reading.settings.description',
        message: 'How the summary list keeps track of what you have read.',
      })}
      testId="reading-settings-card"
    >
      {body}
    </SectionCard>
  );
}
