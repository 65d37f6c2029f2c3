import type { AdminTopic, OpmlImportResult } from '@app/contracts';
import { Alert, Button, FileInput, Group, Modal, Radio, Select, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useLanguage } from '../../i18n/language-provider';
import { api } from '../../api/client';
import { errorText } from './admin-api';
import { topicName } from './admin-logic';

type Mode = 'folders' | 'topic';

/** Import an OPML file: each folder becomes a topic, or every feed goes to one topic; all or nothing. */
export function OpmlImportDialog({
  opened,
  topics,
  onClose,
}: {
  opened: boolean;
  topics: AdminTopic[];
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<Mode>('folders');
  const [topicId, setTopicId] = useState<string | null>(null);
  const [result, setResult] = useState<OpmlImportResult | null>(null);
  const submit = useMutation({
    mutationFn: async () =>
      api.post<OpmlImportResult>('/api/admin/opml/import', {
        opml: await file!.text(),
        mode,
        ...(topicId ? { topic_id: topicId } : {}),
      }),
    onSuccess: async (answer) => {
      setResult(answer);
      if (answer.imported) await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  const close = () => {
    setFile(null);
    setResult(null);
    submit.reset();
    onClose();
  };
  const activeTopics = topics.filter((topic) => topic.is_active);
  const canSubmit = !!file && (mode === 'folders' || !!topicId);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('opml.importTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack>
        <FileInput
          label={t('opml.file')}
          placeholder={t('opml.filePlaceholder')}
          accept=".opml,.xml,text/x-opml,text/xml,application/xml"
          value={file}
          onChange={(value) => {
            setFile(value);
            setResult(null);
          }}
          clearButtonProps={{ 'aria-label': t('opml.clearFile') }}
          clearable
          // Mantine draws this placeholder as text (not ::placeholder): the app's dimmed grey keeps 4.5:1.
          styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
          data-testid="opml-file"
        />
        <Radio.Group value={mode} onChange={(value) => setMode(value as Mode)} label={t('opml.mode')}>
          <Stack gap="xs" mt="xs">
            <Radio value="folders" label={t('opml.modeFolders')} data-testid="opml-mode-folders" />
            <Radio value="topic" label={t('opml.modeTopic')} data-testid="opml-mode-topic" />
          </Stack>
        </Radio.Group>
        <Select
          label={mode === 'topic' ? t('opml.targetTopic') : t('opml.looseTopic')}
          placeholder={t('opml.chooseTopic')}
          data={activeTopics.map((topic) => ({ value: topic.id, label: topicName(topic, language) }))}
          value={topicId}
          onChange={setTopicId}
          clearable
          required={mode === 'topic'}
          data-testid="opml-topic"
        />
        {submit.isError && <Alert color="red">{errorText(t, submit.error, t('opml.failed'))}</Alert>}
        {result && <ImportReport result={result} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('opml.close')}
          </Button>
          <Button
            onClick={() => submit.mutate()}
            loading={submit.isPending}
            disabled={!canSubmit}
            data-testid="opml-submit"
          >
            {t('opml.import')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

// The light alerts' coloured titles fall under 4.5:1 on their tint: titles in the text colour.
const ALERT_TEXT = { label: { color: 'var(--mantine-color-text)' } };

function ImportReport({ result }: { result: OpmlImportResult }) {
  const { t } = useTranslation('admin');
  if (result.imported) {
    return (
      <Alert color="green" data-testid="opml-report" title={t('opml.doneTitle')} styles={ALERT_TEXT}>
        {t('opml.done', { count: result.datasources_created, topics: result.topics_created.length })}
      </Alert>
    );
  }
  return (
    <Stack gap="xs" data-testid="opml-report">
      <Alert color="orange" title={t('opml.refusedTitle')} styles={ALERT_TEXT}>
        {t('opml.refused', { count: result.issues.length })}
      </Alert>
      <Table striped withTableBorder layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56}>{t('opml.line')}</Table.Th>
            <Table.Th>{t('opml.problem')}</Table.Th>
            <Table.Th>{t('opml.feed')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.issues.map((issue) => (
            <Table.Tr
              key={`${issue.line}-${issue.reason}-${issue.url ?? issue.title ?? ''}`}
              data-testid="opml-issue"
            >
              <Table.Td>{issue.line}</Table.Td>
              <Table.Td>{t(`opml.reasons.${issue.reason}`)}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>
                <Text fz="sm">{issue.title ?? ''}</Text>
                {issue.url && (
                  <Text fz="xs" c="gray.7">
                    {issue.url}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** Downloads the datasources as OPML (the request carries the admin's token, so no plain link). */
export async function downloadOpml() {
  const text = await api.get<string>('/api/admin/opml/export');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/x-opml' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = 'datasources.opml';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  URL.revokeObjectURL(url);
}
