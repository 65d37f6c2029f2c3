import { useLingui } from '@lingui/react/macro';
import { READ_BATCH_MAX } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../api/error-text';
import { applyReadState, isSummaryQuery, readingKeys, restoreSnapshot, setRead } from '../../queries/reading';
import { showErrorToast } from '../ui/toast';

/** A card: one summary, or a story's row with the story's matching reports (group=story). */
type Summary = { id: string; headline: string; story_members?: { id: string }[] };

/** The summaries a card stands for: a story's row is read or unread with all its matching reports. */
export function idsOfCard(summary: Summary): string[] {
  return [...new Set([summary.id, ...(summary.story_members ?? []).map((member) => member.id)])].slice(
    0,
    READ_BATCH_MAX,
  );
}

/**
 * Read and unread for the signed-in reader: every card showing the summary changes at once, and back
 * (with a toast) if the server refuses. A change the reader asked for is said in `announcement`, for
 * the page's live region (screen readers hear it; opening a card marks it read without a word).
 */
export function useReadState() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [announcement, setAnnouncement] = useState({ text: '', count: 0 });

  const mutation = useMutation({
    mutationFn: ({ ids, read }: { ids: string[]; read: boolean }) => setRead(ids, read),
    onMutate: async ({ ids, read }) => {
      // A list still on its way was asked for before the change: it would land over it. It is asked
      // for again once the server has the change.
      const fetching = queryClient
        .getQueryCache()
        .findAll({ predicate: isSummaryQuery, fetchStatus: 'fetching' })
        .map((query) => query.queryKey);
      await queryClient.cancelQueries({ predicate: isSummaryQuery, fetchStatus: 'fetching' });
      return { snapshot: applyReadState(queryClient, ids, read), fetching };
    },
    onError: (error, _change, context) => {
      if (context) restoreSnapshot(queryClient, context.snapshot);
      showErrorToast(
        t({ id: 'reading.read.failed', message: 'Could not save what you have read' }),
        errorText(t, error),
      );
    },
    onSettled: (_answer, _error, _change, context) => {
      for (const queryKey of context?.fetching ?? [])
        void queryClient.invalidateQueries({ queryKey, exact: true });
      return queryClient.invalidateQueries({ queryKey: readingKeys.unreadCountsAll });
    },
  });

  return {
    /** What the live region says; the same words twice differ by an invisible mark, so both are heard. */
    announcement: announcement.text + (announcement.count % 2 ? '\u200b' : ''),
    setRead(summary: Summary, read: boolean, { announce = true } = {}) {
      mutation.mutate({ ids: idsOfCard(summary), read });
      if (!announce) return;
      const title = summary.headline;
      setAnnouncement((was) => ({
        text: read
          ? t({ id: 'reading.read.markedRead', message: `Marked as read: ${title}` })
          : t({ id: 'reading.read.markedUnread', message: `Marked as unread: ${title}` }),
        count: was.count + 1,
      }));
    },
    /** Marks read the cards the reader scrolled past (a reading setting), without a word. */
    markPassed(summaries: Summary[]) {
      const ids = [...new Set(summaries.flatMap(idsOfCard))];
      for (let i = 0; i < ids.length; i += READ_BATCH_MAX)
        mutation.mutate({ ids: ids.slice(i, i + READ_BATCH_MAX), read: true });
    },
    announce(text: string) {
      setAnnouncement((was) => ({ text, count: was.count + 1 }));
    },
  };
}
