import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '../../api/client';
import {
  contentKeys,
  favoriteSourcesQueryOptions,
  favoriteSummariesQueryOptions,
} from '../../queries/content';
import { useAuth } from '../auth/auth-provider';
import { showErrorToast } from '../ui/toast';
import { useUpgradeDialog } from './upgrade-dialog';
import { errorText } from '../../api/error-text';
import { setFavorite } from '../../queries/favorites';

type Kind = 'datasources' | 'summaries';

/**
 * Favourite sources and summaries. Visitors get a 'log in first' toast, free users the upgrade
 * dialog (the server refuses both anyway: 401 and 403).
 */
export function useFavorites() {
  const { t } = useLingui();
  const { isAuthenticated, isPro } = useAuth();
  const openUpgrade = useUpgradeDialog();
  const queryClient = useQueryClient();
  const sources = useQuery(favoriteSourcesQueryOptions(isAuthenticated && isPro));
  const summaries = useQuery(favoriteSummariesQueryOptions(isAuthenticated && isPro));
  useLoadFailureToast(sources.error ?? summaries.error, sources.errorUpdatedAt + summaries.errorUpdatedAt);

  const mutation = useMutation({
    mutationFn: async ({ kind, id, on }: { kind: Kind; id: string; on: boolean }) => {
      await setFavorite(kind, id, on);
    },
    onSuccess: (_data, { kind }) =>
      queryClient.invalidateQueries({
        queryKey: kind === 'datasources' ? contentKeys.favoriteSources : contentKeys.favoriteSummaries,
      }),
    onError: (error) =>
      showErrorToast(
        t({ id: 'content.summary.operationFailed', message: 'Operation failed' }),
        errorText(t, error),
      ),
  });

  /** False when the caller may not favourite (and has been told why). */
  const ensureAllowed = (): boolean => {
    if (!isAuthenticated) {
      showErrorToast(t({ id: 'content.summary.loginRequired', message: 'Please log in first' }));
      return false;
    }
    if (!isPro) {
      openUpgrade('favorites');
      return false;
    }
    return true;
  };

  return {
    sourceIds: sources.data ?? new Set<string>(),
    summaryIds: summaries.data ?? new Set<string>(),
    ensureAllowed,
    /** `onSaved` runs once the server has it (the list's `f` key says so to screen readers). */
    toggle(kind: Kind, id: string, on: boolean, onSaved?: () => void) {
      if (ensureAllowed()) mutation.mutate({ kind, id, on }, onSaved ? { onSuccess: onSaved } : undefined);
    },
  };
}

/** Spec §8: favourites that fail to load say so once (both lists share the toast), with the message. */
function useLoadFailureToast(error: Error | null, failedAt: number) {
  const { t } = useLingui();
  // biome-ignore lint/correctness/useExhaustiveDependencies: one toast per failure, not per render
  useEffect(() => {
    if (!error) return;
    showErrorToast(
      t({ id: 'content.summary.fetchFailed', message: 'Failed to fetch data' }),
      isApiError(error)
        ? errorText(t, error)
        : t({ id: 'content.summary.favoritesLoadFailed', message: 'Could not load your favourites' }),
      {
        id: 'favorites-load-failed',
      },
    );
  }, [failedAt]);
}
