import { bestTextMatch, type Candidate, STORY_WINDOW_MS } from './decide.ts';
import { fingerprint, type StoryText } from './fingerprint.ts';

export type IndexedItem = StoryText & { id: string; eventAt: Date; sourceId: string | null };
export type Assignment = { storyId: string; method: 'new' | 'text'; score: number | null };

/**
 * The offline clustering in memory, with the same fingerprint, candidate rule (one shared LSH band
 * within the window) and decision as the database store: the labelled-set test measures this.
 */
export class StoryIndex {
  private readonly bands = new Map<bigint, { id: string; at: number }[]>();
  private readonly members = new Map<string, Candidate & { at: number }>();
  private nextStory = 1;

  assign(item: IndexedItem): Assignment {
    const print = fingerprint(item);
    const at = item.eventAt.getTime();
    const seen = new Set<string>();
    const candidates: Candidate[] = [];
    for (const band of print.bands) {
      for (const hit of this.bands.get(band) ?? []) {
        if (Math.abs(hit.at - at) > STORY_WINDOW_MS || seen.has(hit.id)) continue;
        seen.add(hit.id);
        candidates.push(this.members.get(hit.id)!);
      }
    }
    const comparable = { ...print, sourceId: item.sourceId };
    const match = bestTextMatch(comparable, candidates);
    const storyId = match?.storyId ?? `story-${this.nextStory++}`;
    this.members.set(item.id, { ...comparable, summaryId: item.id, storyId, at });
    for (const band of print.bands) {
      const list = this.bands.get(band) ?? [];
      list.push({ id: item.id, at });
      this.bands.set(band, list);
    }
    return match ? { storyId, method: 'text', score: match.score } : { storyId, method: 'new', score: null };
  }
}
