/** /unsubscribe?token&topic&action (spec §2): action defaults to unsubscribe; 'view' shows the list. */
export type UnsubscribeSearch = {
  token?: string;
  topic?: string;
  action?: 'view' | 'unsubscribe';
  confirmed?: boolean;
};

export function validateUnsubscribeSearch(search: Record<string, unknown>): UnsubscribeSearch {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  return {
    token: text(search.token),
    topic: text(search.topic),
    action: search.action === 'view' ? 'view' : undefined,
    confirmed:
      search.confirmed === 1 || search.confirmed === '1' || search.confirmed === true ? true : undefined,
  };
}
