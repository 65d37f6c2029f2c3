import { api } from '../api/client';

/** Marks a data source or a summary as a favourite of the reader, or unmarks it. */
export function setFavorite(kind: 'datasources' | 'summaries', id: string, on: boolean) {
  const body = kind === 'datasources' ? { datasource_id: id } : { summary_id: id };
  return on ? api.post(`/api/favorites/${kind}`, body) : api.delete(`/api/favorites/${kind}`, { body });
}
