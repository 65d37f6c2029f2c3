import { randomUUID } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PodcastChapter } from '@app/contracts';
import NodeID3 from 'node-id3';

/** What a podcast app or music player shows of an episode, and its chapters (one per story). */
export type EpisodeTags = {
  title: string;
  /** The show: the album tag. */
  show: string;
  author: string;
  topic: string;
  /** YYYY-MM-DD, the day the episode covers. */
  date: string;
  language: 'EN' | 'ZH';
  chapters: PodcastChapter[];
};

/** ISO 639-2, as ID3's TLAN frame wants it. */
const ID3_LANGUAGES = { EN: 'eng', ZH: 'zho' } as const;

/**
 * ID3v2 tags for a finished MP3 (any tags it had are replaced): title, album (the show), artist,
 * genre, the date (TDRC, and TYER + TDAT for ID3v2.3 readers), language, the topic (TXXX:TOPIC and the
 * content group), and one CHAP frame per chapter with an ordered top-level CTOC listing them.
 */
export function tagMp3(mp3: Buffer, tags: EpisodeTags): Buffer {
  const [year = '', month = '', day = ''] = tags.date.split('-');
  const chapter = tags.chapters.map((item, index) => ({
    elementID: `chp${index}`,
    startTimeMs: Math.round(item.start_seconds * 1000),
    endTimeMs: Math.round(item.end_seconds * 1000),
    tags: { title: item.title },
  }));
  return NodeID3.write(
    {
      title: tags.title,
      album: tags.show,
      artist: tags.author,
      performerInfo: tags.author,
      genre: 'Podcast',
      contentGroup: tags.topic,
      userDefinedText: [{ description: 'TOPIC', value: tags.topic }],
      year,
      date: `${day}${month}`,
      recordingTime: tags.date,
      language: ID3_LANGUAGES[tags.language],
      ...(chapter.length > 0
        ? {
            chapter,
            tableOfContents: [
              {
                elementID: 'toc',
                isOrdered: true,
                elements: chapter.map((item) => item.elementID),
                tags: { title: tags.show },
              },
            ],
          }
        : {}),
    },
    mp3,
  );
}

/** Tags the MP3 at `file` in place, atomically (a crash leaves the untagged file, never half of one). */
export async function tagMp3File(file: string, tags: EpisodeTags): Promise<void> {
  const tagged = tagMp3(await readFile(file), tags);
  const temp = path.join(path.dirname(file), `.${randomUUID()}.mp3`);
  try {
    await writeFile(temp, tagged);
    await rename(temp, file);
  } finally {
    await rm(temp, { force: true });
  }
}
