import { loadDictionary, scriptOf, translateQuery } from '@app/bilingual';
import type { Language } from '@app/db';
import type { SummariesRepository } from '../repositories/summaries.repository.ts';
import { listItemOf } from './summary.mapper.ts';

/**
 * A search's `other_language` answer: the other language's reports of the stories this language's
 * matches belong to, and of the query's words through the bilingual dictionary (names as written).
 * A query in another script (Cyrillic, Arabic, kana…) is answered with `skipped`, not an error.
 */
export async function otherLanguageOf(
  summaries: SummariesRepository,
  q: string,
  scope: { language: Language; from?: Date; to?: Date; topicId?: string },
  storyIds: string[],
) {
  const language: Language = scope.language === 'EN' ? 'ZH' : 'EN';
  if (scriptOf(q) === 'other')
    return { language, terms: [], data: [], skipped: 'unsupported_script' as const };
  const groups = translateQuery(await loadDictionary(), q, scope.language);
  const rows = await summaries.otherLanguage({ ...scope, language }, groups, storyIds);
  return {
    language,
    terms: [...new Set(groups.flatMap((group) => group.terms))],
    data: rows.map(listItemOf('card')),
  };
}
