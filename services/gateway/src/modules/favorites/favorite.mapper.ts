import { platformToId, type UserFavoriteSummary } from '@app/db';
import type { FavoriteDatasourceRow } from './favorites.repository.ts';

/** A favourite source as the reader's favourites list shows it. */
export function toFavoriteDatasourceDto(row: FavoriteDatasourceRow) {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    datasources: {
      id: row.datasource.id,
      source_name: row.datasource.sourceName,
      platform: platformToId(row.datasource.platform),
    },
  };
}

/** A favourite summary: which summary, since when. */
export function toFavoriteSummaryDto(row: UserFavoriteSummary) {
  return { id: row.id, created_at: row.createdAt.toISOString(), summaries: { id: row.summaryId } };
}
