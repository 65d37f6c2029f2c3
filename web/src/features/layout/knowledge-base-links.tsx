import { useLingui } from '@lingui/react/macro';
import { Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { KNOWLEDGE_BASE_SIZE } from '../../config/site';
import { useLanguage } from '../../i18n/language-provider';
import { youtubeSourcesQueryOptions } from '../../queries/content';
import { AnchorLink } from '../ui/router-links';

let collator: Intl.Collator | undefined;

/** The first channel names alphabetically, each once (a channel can have an English and a Chinese source). */
export function knowledgeBaseChannels(names: readonly string[], size = KNOWLEDGE_BASE_SIZE): string[] {
  // One collator for every comparison: localeCompare with options builds one per call.
  collator ??= new Intl.Collator('en', { sensitivity: 'base' });
  return [...new Set(names)].sort(collator.compare).slice(0, size);
}

const linkProps = { c: 'dark.4', fz: 'sm' } as const;

/** The footer's knowledge base: the YouTube channels the database has, each linking to its page. */
export function KnowledgeBaseLinks() {
  const { t } = useLingui();
  const { language } = useLanguage();
  const sources = useQuery(youtubeSourcesQueryOptions(language));
  // Channels that have just arrived are drawn in a pass that yields to the browser.
  const data = useDeferredValue(sources.data);
  const names = useMemo(
    () => knowledgeBaseChannels((data ?? []).map((source) => source.source_name)),
    [data],
  );
  return (
    <>
      {sources.isLoading || (sources.data && !data) ? (
        <Loader
          size="xs"
          role="status"
          aria-label={t({ id: 'shared.footer.loadingChannels', message: 'Loading channels…' })}
          data-testid="knowledge-base-loading"
        />
      ) : names.length === 0 ? (
        <Text fz="sm" c="dark.4" data-testid="knowledge-base-empty">
          {t({ id: 'shared.footer.noChannels', message: 'No channels yet' })}
        </Text>
      ) : (
        names.map((name) => (
          <AnchorLink
            key={name}
            to="/youtube/{-$sourceName}"
            params={{ sourceName: name }}
            data-testid="knowledge-base-link"
            {...linkProps}
          >
            {name}
          </AnchorLink>
        ))
      )}
      <AnchorLink to="/other-youtube-sources" {...linkProps} fw={600}>
        {t({ id: 'shared.footer.moreChannels', message: 'More channels' })}
      </AnchorLink>
    </>
  );
}
