import { type AdminTopic, OPML_PATH_SEPARATOR, type OpmlImportResult, type OpmlLine } from '@app/contracts';
import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  Radio,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../api/client';
import { useLanguage } from '../../../i18n/language-provider';
import { useTranslation } from '../../../i18n/react';
import { errorText } from '../admin-api';
import { type AdminT, topicName } from '../admin-logic';
import { isOpmlRequestReady, type OpmlRequest, type OpmlUnmatched, sendOpml } from '../opml-api';

export { downloadOpml } from '../opml-api';

type Mode = OpmlRequest['mode'];

/**
 * Import an OPML file as a feed reader exported it: preview each line's fate (nothing written), then
 * import what can be; the report names every line that was not imported, and why, in the reader's language.
 */
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
  const [unmatched, setUnmatched] = useState<OpmlUnmatched>('skip');
  const [topicId, setTopicId] = useState<string | null>(null);
  const [report, setReport] = useState<OpmlImportResult | null>(null);
  const request = { file: file ?? undefined, mode, unmatched, topicId };
  const send = useMutation({
    mutationFn: ({ dryRun }: { dryRun: boolean }) => sendOpml(request as OpmlRequest, dryRun),
    onSuccess: async (answer) => {
      setReport(answer);
      if (answer.datasources_created > 0) await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  // Any change of file or option makes the preview stale: preview again before importing.
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setReport(null);
      send.reset();
    };
  const close = () => {
    setFile(null);
    setReport(null);
    send.reset();
    onClose();
  };
  const activeTopics = topics.filter((topic) => topic.is_active);
  const isReady = isOpmlRequestReady(request);
  const isPreviewed = report?.dry_run === true;
  // Before the first preview of this file and these options, say why Import waits.
  const needsPreview = isReady && !report;
  const topicLabel =
    mode === 'topic'
      ? t('opml.targetTopic')
      : unmatched === 'topic'
        ? t('opml.unmatchedTarget')
        : t('opml.looseTopic');

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('opml.importTitle')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack>
        <FileInput
          label={t('opml.file')}
          placeholder={t('opml.filePlaceholder')}
          accept=".opml,.xml,text/x-opml,text/xml,application/xml"
          value={file}
          onChange={changed(setFile)}
          clearButtonProps={{ 'aria-label': t('opml.clearFile') }}
          clearable
          // Mantine draws this placeholder as text (not ::placeholder): the app's dimmed grey keeps 4.5:1.
          styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
          data-testid="opml-file"
        />
        <Radio.Group
          value={mode}
          onChange={changed((value: string) => setMode(value as Mode))}
          label={t('opml.mode')}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="folders" label={t('opml.modeFolders')} data-testid="opml-mode-folders" />
            <Radio value="topic" label={t('opml.modeTopic')} data-testid="opml-mode-topic" />
          </Stack>
        </Radio.Group>
        {mode === 'folders' && (
          <Radio.Group
            value={unmatched}
            onChange={changed((value: string) => setUnmatched(value as OpmlUnmatched))}
            label={t('opml.unmatched')}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="create" label={t('opml.unmatchedCreate')} data-testid="opml-unmatched-create" />
              <Radio value="topic" label={t('opml.unmatchedTopic')} data-testid="opml-unmatched-topic" />
              <Radio value="skip" label={t('opml.unmatchedSkip')} data-testid="opml-unmatched-skip" />
            </Stack>
          </Radio.Group>
        )}
        {(mode === 'topic' || unmatched !== 'skip') && (
          <Select
            label={topicLabel}
            placeholder={t('opml.chooseTopic')}
            data={activeTopics.map((topic) => ({ value: topic.id, label: topicName(topic, language) }))}
            value={topicId}
            onChange={changed(setTopicId)}
            clearable
            required={mode === 'topic' || unmatched === 'topic'}
            data-testid="opml-topic"
          />
        )}
        {send.isError && (
          <Alert color="red" data-testid="opml-error">
            {failureText(t, send.error)}
          </Alert>
        )}
        {report && <OpmlReport report={report} />}
        <Group justify="flex-end">
          {needsPreview && (
            <Text fz="sm" c="dimmed" id="opml-preview-first">
              {t('opml.previewFirst')}
            </Text>
          )}
          <Button variant="default" onClick={close}>
            {t('opml.close')}
          </Button>
          <Button
            variant="light"
            onClick={() => send.mutate({ dryRun: true })}
            loading={send.isPending && send.variables?.dryRun}
            disabled={!isReady}
            data-testid="opml-preview"
          >
            {t('opml.preview')}
          </Button>
          <Button
            onClick={() => send.mutate({ dryRun: false })}
            loading={send.isPending && !send.variables?.dryRun}
            disabled={!isReady || !isPreviewed || report.counts.import === 0}
            aria-describedby={needsPreview ? 'opml-preview-first' : undefined}
            data-testid="opml-submit"
          >
            {t('opml.import')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A file that is not OPML: its line when the gateway names one; other failures read as the API's error texts. */
function failureText(t: AdminT, error: unknown): string {
  const reason = isApiError(error) ? error.fields?.opml : undefined;
  if (reason !== undefined) {
    const line = /^Line (\d+):/.exec(reason)?.[1];
    return line ? t('opml.invalidAt', { line }) : t('opml.invalid');
  }
  return errorText(t, error, t('opml.failed'));
}

// The light alerts' coloured titles fall under 4.5:1 on their tint: titles in the text colour.
const ALERT_TEXT = { label: { color: 'var(--mantine-color-text)' } };
// Dark fills keep white badge text above 4.5:1.
const STATUS_COLOR: Record<OpmlLine['status'], string> = {
  import: 'teal.9',
  present: 'gray.7',
  refused: 'red.9',
};

function OpmlReport({ report }: { report: OpmlImportResult }) {
  const { t } = useTranslation('admin');
  const { counts } = report;
  const [title, color] = report.dry_run
    ? [t('opml.previewTitle'), 'blue']
    : counts.import > 0
      ? [t('opml.doneTitle'), 'green']
      : counts.present > 0
        ? [t('opml.presentTitle'), 'gray']
        : [t('opml.refusedTitle'), 'orange'];
  const summary = report.dry_run
    ? t('opml.counts', counts)
    : t('opml.doneCounts', {
        ...counts,
        import: report.datasources_created,
        topics: report.topics_created.length,
      });
  return (
    <Stack gap="xs">
      <Alert color={color} title={title} styles={ALERT_TEXT} data-testid="opml-report" role="status">
        {report.lines.length === 0 ? t('opml.noFeeds') : summary}
      </Alert>
      {report.lines.length > 0 && (
        <Table striped withTableBorder layout="fixed" data-testid="opml-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={56}>{t('opml.line')}</Table.Th>
              <Table.Th>{t('opml.feed')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.lines.map((line) => (
              <OpmlLineRow
                key={`${line.line}-${line.url ?? line.title ?? ''}`}
                line={line}
                dryRun={report.dry_run}
              />
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function OpmlLineRow({ line, dryRun }: { line: OpmlLine; dryRun: boolean }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const status = line.status === 'import' && !dryRun ? 'imported' : line.status;
  return (
    <Table.Tr data-testid="opml-line" data-status={line.status}>
      <Table.Td>{line.line}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <Group gap="xs" wrap="wrap">
          <Badge color={STATUS_COLOR[line.status]} variant="filled" radius="sm">
            {t(`opml.status.${status}`)}
          </Badge>
          <Text fz="sm" fw={500}>
            {line.title ?? line.url ?? ''}
          </Text>
        </Group>
        {line.folders.length > 0 && (
          <Text fz="xs" c="dimmed">
            {line.folders.join(OPML_PATH_SEPARATOR)}
          </Text>
        )}
        {line.url && line.title && (
          <Text fz="xs" c="dimmed">
            {line.url}
          </Text>
        )}
        <Text fz="sm" data-testid="opml-line-message">
          {line.message[language]}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
