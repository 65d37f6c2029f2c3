export {
  createPodcastRun,
  createPodcastTasks,
  type PodcastRun,
  type PodcastKey,
  type PodcastTasks,
  podcastDateColumn,
  podcastDone,
  podcastMetadataOf,
  TaskBusyError,
} from './podcast-tasks.ts';
