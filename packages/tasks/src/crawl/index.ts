export {
  type CrawlTaskFilter,
  type CrawlTasks,
  crawlJobKey,
  createCrawlTasks,
  type QueuedTask,
} from './crawl-tasks.ts';
