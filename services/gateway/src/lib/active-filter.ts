import type { ActiveStatusFilter } from '@app/contracts';

/** The admin lists' status filter as a where clause on `isActive`. */
export const activeWhere = (status: ActiveStatusFilter) =>
  status === 'active' ? { isActive: true } : status === 'paused' ? { isActive: false } : {};
