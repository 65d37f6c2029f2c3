import { useLingui } from '@lingui/react/macro';
import { ph, plural } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../api/error-text';
import { isSummaryQuery, type MarkAllReadBody, markAllRead, readingKeys } from '../../queries/reading';
import { showErrorToast, showSuccessToast } from '../ui/toast';

/** Marks read everything the list shows, then loads the lists and the counts again. */
export function useMarkAllRead(onDone: (text: string) => void) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkAllReadBody) => markAllRead(body),
    onSuccess: ({ changed }) => {
      const text =
        changed > 0
          ? t({
              id: 'reading.markAll.done',
              message: plural(ph({ count: changed }), {
                one: `# summary marked as read`,
                other: `# summaries marked as read`,
              }),
            })
          : t({ id: 'reading.markAll.nothing', message: 'Nothing was left to mark as read' });
      showSuccessToast(text);
      onDone(text);
    },
    onError: (error) =>
      showErrorToast(
        t({ id: 'reading.markAll.failed', message: 'Could not mark all as read' }),
        errorText(t, error),
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ predicate: isSummaryQuery }),
        queryClient.invalidateQueries({ queryKey: readingKeys.unreadCountsAll }),
      ]),
  });
}
