export * from './assign-summary.ts';
export * from './story-admin.ts';
export * from './story-list.ts';
export * from './story-read.ts';
export { inTransaction, runSql } from './sql-transaction.ts';
