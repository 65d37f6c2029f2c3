import { useLingui } from '@lingui/react/macro';
import { Code, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import * as probe from './debug-api';
import type { DatasourceDto, TopicDto } from '../../../queries/content';
import { Shell, StatusBadge } from './debug-checks';

/** /data-test: topics, data sources and posts (always empty here), with their raw JSON. */
export function DataTestPage() {
  const { t } = useLingui();
  const [state, setState] = useState<{
    topics: TopicDto[];
    datasources: DatasourceDto[];
    error?: string;
  } | null>(null);
  useEffect(() => {
    Promise.all([probe.topics(), probe.datasources()])
      .then(([topics, datasources]) => setState({ topics: topics.data, datasources: datasources.data }))
      .catch((error: Error) => setState({ topics: [], datasources: [], error: error.message }));
  }, []);
  return (
    <Shell title="Database test">
      {!state ? <StatusBadge status="pending" /> : state.error ? <Text c="red">{state.error}</Text> : null}
      <Title order={2} fz="lg">
        topics ({state?.topics.length ?? 0})
      </Title>
      {state?.topics.map((topic) => (
        <Text key={topic.id} size="sm">
          {topic.name} — {topic.description.slice(0, 80)} — {String(topic.is_active)}
        </Text>
      ))}
      <Title order={2} fz="lg">
        datasources ({state?.datasources.length ?? 0})
      </Title>
      {state?.datasources.map((d) => (
        <Text key={d.id} size="sm">
          {d.source_name} — {d.platform} — {String(d.is_active)}
        </Text>
      ))}
      <Title order={2} fz="lg">
        posts (0)
      </Title>
      <Text fw={600}>{t({ id: 'content.debug.rawJson', message: 'Raw JSON' })}</Text>
      <Code block tabIndex={0} mah={300} style={{ overflow: 'auto' }}>
        {JSON.stringify(
          { topics: state?.topics ?? [], datasources: state?.datasources ?? [], posts: [] },
          null,
          2,
        )}
      </Code>
    </Shell>
  );
}
