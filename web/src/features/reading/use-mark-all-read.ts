import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../api/error-text';
import { useTranslation } from '../../i18n/react';
import { isSummaryQuery, type MarkAllReadBody, markAllRead, readingKeys } from '../../queries/reading';
import { showErrorToast, showSuccessToast } from '../ui/toast';

/** Marks read everything the list shows, then loads the lists and the counts again. */
export function useMarkAllRead(onDone: (text: string) => void) {
  const { t } = useTranslation('reading');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkAllReadBody) => markAllRead(body),
    onSuccess: ({ changed }) => {
      const text = changed > 0 ? t('markAll.done', { count: changed }) : t('markAll.nothing');
      showSuccessToast(text);
      onDone(text);
    },
    onError: (error) => showErrorToast(t('markAll.failed'), errorText(t, error)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ predicate: isSummaryQuery }),
        queryClient.invalidateQueries({ queryKey: readingKeys.unreadCountsAll }),
      ]),
  });
}
