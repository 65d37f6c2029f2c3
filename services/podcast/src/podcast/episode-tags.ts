import { PODCAST_SHOW, type PodcastChapter } from '@app/contracts';
import { podcastEpisodeTitle, toUiLanguage } from '@app/rules';
import { tagMp3File } from '../audio/id3-tags.ts';
import type { ScriptSegment } from '../script/script.ts';
import { estimateChapters } from './chapters.ts';

export type Episode = {
  topic: { name: string; nameZh: string | null };
  /** YYYY-MM-DD */
  date: string;
  language: 'EN' | 'ZH';
  transcript: string;
  segments: ScriptSegment[];
  durationSeconds: number | null;
};

/**
 * Writes the episode's ID3v2 tags and chapters into the finished MP3 (before it is stored) and returns
 * the chapters, which the task's metadata keeps for the feed's JSON chapters.
 */
export async function tagEpisode(mp3File: string, episode: Episode): Promise<PodcastChapter[]> {
  const show = PODCAST_SHOW[toUiLanguage(episode.language)];
  const topic = episode.language === 'ZH' && episode.topic.nameZh ? episode.topic.nameZh : episode.topic.name;
  const chapters = estimateChapters(episode.transcript, episode.segments, episode.durationSeconds);
  await tagMp3File(mp3File, {
    title: podcastEpisodeTitle(topic, episode.date),
    show: show.title,
    author: show.author,
    topic,
    date: episode.date,
    language: episode.language,
    chapters,
  });
  return chapters;
}
