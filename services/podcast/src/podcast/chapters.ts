import type { PodcastChapter } from '@app/contracts';
import { estimateSpeechSeconds, type ScriptSegment } from '../script/script.ts';

/** Segments as stored in `metadata.script_segments` (anything else reads as none). */
export function scriptSegmentsOf(value: unknown): ScriptSegment[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is ScriptSegment =>
      !!item && typeof item.title === 'string' && Number.isInteger(item.offset) && item.offset >= 0,
  );
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * One chapter per story, timed in the finished audio. The speech engine reports no per-story times
 * (chunks are joined, and a chunk can hold parts of two stories), so each start is estimated: the
 * share of the script's spoken words and Chinese characters before the story's first line, times
 * the file's duration (or, without one, the script's estimated speaking time). A chapter ends where
 * the next one starts; the last one, with the outro, at the end.
 */
export function estimateChapters(
  transcript: string,
  segments: ScriptSegment[],
  durationSeconds: number | null,
): PodcastChapter[] {
  const spoken = estimateSpeechSeconds(transcript);
  const total = durationSeconds && durationSeconds > 0 ? durationSeconds : spoken;
  if (segments.length === 0 || total <= 0) return [];
  const ordered = [...segments].sort((a, b) => a.offset - b.offset);
  const starts = ordered.map((segment) =>
    spoken > 0 ? (total * estimateSpeechSeconds(transcript.slice(0, segment.offset))) / spoken : 0,
  );
  return ordered.map((segment, index) => ({
    title: segment.title,
    start_seconds: round(Math.min(starts[index] as number, total)),
    end_seconds: round(Math.min(starts[index + 1] ?? total, total)),
  }));
}
