import { type PodcastFailureReason, PodcastFailureReasonSchema } from '@app/contracts';

// The daily podcast's rules (spec §2 "Daily podcast page", §3 "Podcast task", §7 storage): where its
// MP3 goes, whether a task has audio and why not, an episode's title.

/** Default object key of a podcast's MP3 in the contracts' PODCAST_BUCKET (spec §7). */
export const defaultPodcastAudioPath = (taskId: string) => `${taskId}/final_podcast.mp3`;

type TaskFacts = { status: string; metadata: unknown };
const metadataOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * A task marked completed with `metadata.audio: false`: made text-only by a worker that had no speech
 * engine. It counts as not done: an admin re-run or the daily planner makes it again, with audio.
 */
export const isTextOnlyPodcast = (task: TaskFacts) =>
  task.status === 'completed' && metadataOf(task.metadata).audio === false;

/** Why this task has no audio, or null when it has (or may still get) some. */
export function podcastFailureReason(task: TaskFacts): PodcastFailureReason | null {
  if (isTextOnlyPodcast(task)) return 'no_speech_engine';
  if (task.status !== 'failed') return null;
  const stored = PodcastFailureReasonSchema.safeParse(metadataOf(task.metadata).failure_reason);
  return stored.success ? stored.data : 'error';
}

/** An episode's title, in the feed and in the MP3's title tag. */
export const podcastEpisodeTitle = (topicName: string, date: string) => `${topicName} · ${date}`;
