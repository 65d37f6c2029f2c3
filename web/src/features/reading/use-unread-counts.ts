import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { UiLanguage } from '../../queries/content';
import { unreadCountsQueryOptions } from '../../queries/reading';
import { useAuth } from '../auth/auth-provider';

/** Unread since the start of yesterday (signed-in readers only; nothing for visitors or while loading). */
export function useUnreadCounts(language: UiLanguage, timeZone: string) {
  const { user } = useAuth();
  const counts = useQuery(unreadCountsQueryOptions(user?.id ?? null, language, timeZone));
  const byTopic = useMemo(
    () => new Map((counts.data?.topics ?? []).map((topic) => [topic.topic_id, topic.unread])),
    [counts.data],
  );
  return { data: counts.data, byTopic };
}
