export {
  createPodcastRun,
  createPodcastTasks,
  type PodcastRun,
  type PodcastKey,
  type PodcastTasks,
  podcastDone,
  podcastMetadataOf,
  TaskBusyError,
} from './podcast-tasks.ts';
