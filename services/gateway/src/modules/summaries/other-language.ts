import { type Dictionary, scriptOf, translateQuery } from '@app/bilingual';
import type { Language } from '@app/db';
import type { UsageTags } from '@app/llm';
import type { TermGroup } from './cross-language.sql.ts';
import type { SummariesRepository } from './summaries.repository.ts';
import type { QueryTranslator } from './query-translation.ts';
import { listItemOf } from './summary.mapper.ts';

/** A query the dictionary cannot read (another script, or no letters) is not sent to the model either. */
const isTranslatable = (q: string) => ['latin', 'han', 'mixed'].includes(scriptOf(q));

/**
 * The provider's translation of a search, started as soon as the search is (it runs beside the page's
 * own query); null without a provider, for a query in another script, or when the model failed.
 */
export function startTranslation(
  translator: QueryTranslator | undefined,
  q: string,
  from: Language,
  usage: UsageTags,
): Promise<string[] | null> {
  return translator && isTranslatable(q) ? translator.translate(q, from, usage) : Promise.resolve(null);
}

/**
 * A search's `other_language` answer: the other language's reports of the stories this language's
 * matches belong to, and of the query's words: the model's terms when a provider answered (`engine`
 * 'provider'), then the bilingual dictionary's (names as written). A query in another script (Cyrillic,
 * Arabic, kana…) is answered with `skipped`, not an error.
 */
export async function otherLanguageOf(
  summaries: SummariesRepository,
  q: string,
  scope: { language: Language; from?: Date; to?: Date; topicId?: string },
  storyIds: string[],
  dictionary: () => Promise<Dictionary>,
  translation: Promise<string[] | null> = Promise.resolve(null),
) {
  const language: Language = scope.language === 'EN' ? 'ZH' : 'EN';
  if (scriptOf(q) === 'other')
    return { language, terms: [], data: [], skipped: 'unsupported_script' as const };
  const [words, provided] = await Promise.all([dictionary(), translation]);
  const groups = withProviderTerms(provided ?? [], translateQuery(words, q, scope.language));
  const rows = await summaries.otherLanguage({ ...scope, language }, groups, storyIds);
  return {
    language,
    terms: [...new Set(groups.flatMap((group) => group.terms))],
    engine: provided && provided.length > 0 ? ('provider' as const) : ('dictionary' as const),
    data: rows.map(listItemOf('card')),
  };
}

/**
 * The model's terms first, then the dictionary's other words. A term the dictionary also gives for a
 * query word joins that word's group (its other senses kept, a name still weighing double); any other
 * term is a word of its own. So the model only ever adds to what the dictionary finds.
 */
export function withProviderTerms(provided: string[], dictionary: TermGroup[]): TermGroup[] {
  const key = (term: string) => term.normalize('NFKC').toLowerCase();
  const first: TermGroup[] = [];
  const used = new Set<TermGroup>();
  for (const term of provided) {
    const group = dictionary.find((g) => g.terms.some((t) => key(t) === key(term)));
    if (!group) first.push({ terms: [term], literal: false });
    else if (!used.has(group)) {
      used.add(group);
      first.push({ ...group, terms: [term, ...group.terms.filter((t) => key(t) !== key(term))] });
    }
  }
  return [...first, ...dictionary.filter((group) => !used.has(group))];
}
