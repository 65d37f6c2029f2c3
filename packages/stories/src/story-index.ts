import {
  bestStory,
  byFirstMember,
  candidateKeys,
  type CandidateStory,
  comparedMembers,
  STORY_WINDOW_MS,
  type StoryMember,
} from './decide.ts';
import { fingerprint, type StoryText } from './fingerprint.ts';
import { dayOf, TermTable } from './terms.ts';

export type IndexedItem = StoryText & { id: string; eventAt: Date; sourceId: string | null };
export type Assignment = { storyId: string; method: 'new' | 'text'; score: number | null };

/**
 * The offline clustering in memory, with the same fingerprint, candidate rule (one shared LSH band
 * or rare headline word within the window), term weights and decision as the database store: the
 * labelled-set tests measure this. Items are expected in the order they would be stored.
 */
export class StoryIndex {
  private readonly bands = new Map<bigint, { id: string; at: number }[]>();
  private readonly members = new Map<string, StoryMember & { language: string }>();
  private readonly stories = new Map<string, (StoryMember & { language: string })[]>();
  private readonly terms = new Map<string, TermTable>();
  private nextStory = 1;

  assign(item: IndexedItem): Assignment {
    const print = fingerprint(item);
    const at = item.eventAt.getTime();
    const terms = this.termsOf(item.language);
    const counts = terms.countsFor(dayOf(at));
    const candidateStories = new Set<string>();
    for (const band of candidateKeys(print, counts)) {
      for (const hit of this.bands.get(band) ?? []) {
        if (Math.abs(hit.at - at) > STORY_WINDOW_MS) continue;
        candidateStories.add(this.members.get(hit.id)!.storyId);
      }
    }
    const stories: CandidateStory[] = byFirstMember(
      [...candidateStories].map((storyId) => ({
        storyId,
        members: comparedMembers(
          this.stories.get(storyId)!.filter((member) => member.language === item.language),
          at,
        ),
      })),
    );
    const comparable = { ...print, sourceId: item.sourceId };
    const match = bestStory(comparable, stories, counts);
    const storyId = match?.storyId ?? `story-${String(this.nextStory++).padStart(8, '0')}`;
    const member = { ...comparable, summaryId: item.id, storyId, at, language: item.language };
    this.members.set(item.id, member);
    const list = this.stories.get(storyId) ?? [];
    list.push(member);
    this.stories.set(storyId, list);
    for (const band of [...print.bands, ...print.names]) {
      const hits = this.bands.get(band) ?? [];
      hits.push({ id: item.id, at });
      this.bands.set(band, hits);
    }
    terms.add(dayOf(at), print.tokens);
    return match ? { storyId, method: 'text', score: match.score } : { storyId, method: 'new', score: null };
  }

  private termsOf(language: string): TermTable {
    let table = this.terms.get(language);
    if (!table) {
      table = new TermTable();
      this.terms.set(language, table);
    }
    return table;
  }
}
