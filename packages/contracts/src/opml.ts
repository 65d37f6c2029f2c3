import { z } from 'zod';
import { DataLanguageSchema, PlatformSchema, UuidSchema } from './common.ts';

// The admin's OPML import and export of datasources. A file comes as feed readers export it (the raw
// XML, a multipart upload or JSON); a preview tells each outline's fate without writing anything.

/** The largest OPML document accepted (characters, once decoded). */
export const OPML_MAX_LENGTH = 512 * 1024;
/** The largest upload accepted as a raw or multipart body (bytes). */
export const OPML_MAX_BYTES = 1024 * 1024;
/** The most feeds one OPML import takes (each one's host is looked up before anything is written). */
export const OPML_MAX_FEEDS = 2000;
/** The media types a raw OPML body may carry (besides multipart/form-data and JSON). */
export const OPML_MEDIA_TYPES = ['text/x-opml', 'application/x-opml', 'text/xml', 'application/xml'] as const;
/** Between the folders of a path, as the report shows it: "Tech › Newsletters". */
export const OPML_PATH_SEPARATOR = ' › ';

const queryFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
/** JSON sends a boolean; a form field or a query parameter sends its text. */
const bodyFlag = z.union([z.boolean(), queryFlag]);

const OpmlOptionsShape = {
  /**
   * folders (default): each feed goes to the topic named by the deepest folder of its path that matches
   * one (by name, in either language); topic: every feed goes to topic_id.
   */
  mode: z.enum(['folders', 'topic']).optional(),
  /** Mode folders: a path that matches no topic creates one, named by the path's top folder. */
  create_topics: bodyFlag.optional(),
  /** Mode topic: the topic of every feed. Mode folders: where feeds that match no topic go (else they are skipped). */
  topic_id: UuidSchema.optional(),
  /** The language of feeds whose outline names none; absent: read from each feed on its first crawl. */
  language: DataLanguageSchema.optional(),
};

/** JSON, or the fields of a multipart upload beside its file (the file is `opml` once read). */
export const OpmlImportBodySchema = z.object({
  opml: z.string().min(1).max(OPML_MAX_LENGTH),
  ...OpmlOptionsShape,
});
export type OpmlImportBody = z.infer<typeof OpmlImportBodySchema>;

/** The same options in the query (a raw XML body has nowhere else to carry them); the body's win. */
export const OpmlImportQuerySchema = z.object({
  /** Answer what the import would do, writing nothing. */
  dry_run: queryFlag.optional(),
  ...OpmlOptionsShape,
  create_topics: queryFlag.optional(),
});
export type OpmlImportQuery = z.infer<typeof OpmlImportQuerySchema>;
export type OpmlImportOptions = Omit<OpmlImportBody, 'opml'>;

/** What happens to one feed outline. */
export const OPML_LINE_STATUSES = [
  /** Imported (in a preview: would be). */
  'import',
  /** Its topic already has this feed: nothing to do. */
  'present',
  /** Not imported: see reason. */
  'refused',
] as const;
export type OpmlLineStatus = (typeof OPML_LINE_STATUSES)[number];

export const OPML_REFUSALS = [
  'missing_url',
  /** Not an http(s) URL (ftp:, javascript:, a bare word). */
  'invalid_url',
  /** A private, loopback or reserved address. */
  'private_url',
  /** The same feed earlier in the file, for the same topic. */
  'duplicate_in_file',
  /** No topic for it: its folders match none (and none is created), or it is in no folder, and no topic was chosen. */
  'no_topic',
  /** The topic it maps to is inactive. */
  'topic_inactive',
  /** More than OPML_MAX_FEEDS feeds in the file (reported at the first one over; nothing is imported). */
  'too_many_feeds',
] as const;
export type OpmlRefusal = (typeof OPML_REFUSALS)[number];

export const OpmlLineSchema = z.object({
  /** 1-based line of the outline in the uploaded file. */
  line: z.number().int(),
  title: z.string().nullable(),
  url: z.string().nullable(),
  html_url: z.string().nullable(),
  /** The folders around the outline, outermost first. */
  folders: z.array(z.string()),
  status: z.enum(OPML_LINE_STATUSES),
  reason: z.enum(OPML_REFUSALS).nullable(),
  /** The topic it goes (or went, or would have gone) to; is_new: created by this import. */
  topic: z
    .object({
      id: z.uuid().nullable(),
      name: z.string(),
      name_zh: z.string().nullable(),
      is_new: z.boolean(),
    })
    .nullable(),
  platform: PlatformSchema.nullable(),
  /** Null: the first crawl reads it from the feed. */
  language: DataLanguageSchema.nullable(),
  /** What happens to the line, in words, in both languages. */
  message: z.object({ en: z.string(), zh: z.string() }),
});
export type OpmlLine = z.infer<typeof OpmlLineSchema>;

/**
 * The report of an import or a preview: every feed outline of the file with its fate. An import answers
 * 200 when something was imported or everything was already present, 422 (same body) when nothing could
 * be; a preview answers 200.
 */
export const OpmlImportResultSchema = z.object({
  dry_run: z.boolean(),
  datasources_created: z.number().int(),
  /** The topics created (in a preview: that would be, with id null). */
  topics_created: z.array(z.object({ id: z.uuid().nullable(), name: z.string() })),
  counts: z.object({ import: z.number().int(), present: z.number().int(), refused: z.number().int() }),
  lines: z.array(OpmlLineSchema),
});
export type OpmlImportResult = z.infer<typeof OpmlImportResultSchema>;
