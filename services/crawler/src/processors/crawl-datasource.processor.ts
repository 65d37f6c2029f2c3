import { defineProcessor } from '@app/queue';
import { type CrawlDeps, crawlDatasource } from '../crawl-datasource.ts';

export const crawlDatasourceProcessor = (deps: Omit<CrawlDeps, 'log'>) =>
  defineProcessor({
    name: 'crawl-datasource',
    handle: (payload, { log }) => crawlDatasource({ ...deps, log }, payload),
  });
