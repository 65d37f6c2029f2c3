import { useLingui } from '@lingui/react/macro';
import { messageFor } from '../../../i18n/message-for';
import { msg, ph } from '@lingui/core/macro';
import { OPML_STATUS_MESSAGES } from '../admin-messages';
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
  const { t } = useLingui();
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
      ? t({ id: 'admin.opml.targetTopic', message: 'Topic' })
      : unmatched === 'topic'
        ? t({ id: 'admin.opml.unmatchedTarget', message: 'Topic for feeds that match no topic' })
        : t({ id: 'admin.opml.looseTopic', message: 'Topic for feeds outside any folder (optional)' });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t({ id: 'admin.opml.importTitle', message: 'Import an OPML file' })}
      size="xl"
      closeButtonProps={{ 'aria-label': t({ id: 'admin.actions.close', message: 'Close' }) }}
    >
      <Stack>
        <FileInput
          label={t({ id: 'admin.opml.file', message: 'OPML file' })}
          placeholder={t({
            id: 'admin.opml.filePlaceholder',
            message: 'Choose the file your feed reader exported',
          })}
          accept=".opml,.xml,text/x-opml,text/xml,application/xml"
          value={file}
          onChange={changed(setFile)}
          clearButtonProps={{ 'aria-label': t({ id: 'admin.opml.clearFile', message: 'Remove the file' }) }}
          clearable
          // Mantine draws this placeholder as text (not ::placeholder): the app's dimmed grey keeps 4.5:1.
          styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
          data-testid="opml-file"
        />
        <Radio.Group
          value={mode}
          onChange={changed((value: string) => setMode(value as Mode))}
          label={t({ id: 'admin.opml.mode', message: 'Where the feeds go' })}
        >
          <Stack gap="xs" mt="xs">
            <Radio
              value="folders"
              label={t({
                id: 'admin.opml.modeFolders',
                message:
                  'By folder: each feed joins the topic named by the deepest folder of its path (English or Chinese name)',
              })}
              data-testid="opml-mode-folders"
            />
            <Radio
              value="topic"
              label={t({ id: 'admin.opml.modeTopic', message: 'All feeds into one topic' })}
              data-testid="opml-mode-topic"
            />
          </Stack>
        </Radio.Group>
        {mode === 'folders' && (
          <Radio.Group
            value={unmatched}
            onChange={changed((value: string) => setUnmatched(value as OpmlUnmatched))}
            label={t({ id: 'admin.opml.unmatched', message: 'Folders that match no topic' })}
          >
            <Stack gap="xs" mt="xs">
              <Radio
                value="create"
                label={t({
                  id: 'admin.opml.unmatchedCreate',
                  message: 'Create a topic for each top-level folder',
                })}
                data-testid="opml-unmatched-create"
              />
              <Radio
                value="topic"
                label={t({ id: 'admin.opml.unmatchedTopic', message: 'Put their feeds in a topic I choose' })}
                data-testid="opml-unmatched-topic"
              />
              <Radio
                value="skip"
                label={t({ id: 'admin.opml.unmatchedSkip', message: 'Skip their feeds' })}
                data-testid="opml-unmatched-skip"
              />
            </Stack>
          </Radio.Group>
        )}
        {(mode === 'topic' || unmatched !== 'skip') && (
          <Select
            label={topicLabel}
            placeholder={t({ id: 'admin.opml.chooseTopic', message: 'Choose a topic' })}
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
              {t({
                id: 'admin.opml.previewFirst',
                message: 'Preview the file to see each line before importing.',
              })}
            </Text>
          )}
          <Button variant="default" onClick={close}>
            {t({ id: 'admin.opml.close', message: 'Close' })}
          </Button>
          <Button
            variant="light"
            onClick={() => send.mutate({ dryRun: true })}
            loading={send.isPending && send.variables?.dryRun}
            disabled={!isReady}
            data-testid="opml-preview"
          >
            {t({ id: 'admin.opml.preview', message: 'Preview' })}
          </Button>
          <Button
            onClick={() => send.mutate({ dryRun: false })}
            loading={send.isPending && !send.variables?.dryRun}
            disabled={!isReady || !isPreviewed || report.counts.import === 0}
            aria-describedby={needsPreview ? 'opml-preview-first' : undefined}
            data-testid="opml-submit"
          >
            {t({ id: 'admin.opml.import', message: 'Import' })}
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
    return line
      ? t(msg({ id: 'admin.opml.invalidAt', message: `This file cannot be read as OPML (line ${line}).` }))
      : t(msg({ id: 'admin.opml.invalid', message: 'This file cannot be read as OPML.' }));
  }
  return errorText(t, error, t(msg({ id: 'admin.opml.failed', message: 'The import failed' })));
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
  const { t } = useLingui();
  const { counts } = report;
  const [title, color] = report.dry_run
    ? [t({ id: 'admin.opml.previewTitle', message: 'Preview: nothing has been imported yet' }), 'blue']
    : counts.import > 0
      ? [t({ id: 'admin.opml.doneTitle', message: 'Imported' }), 'green']
      : counts.present > 0
        ? [t({ id: 'admin.opml.presentTitle', message: 'Nothing new to import' }), 'gray']
        : [t({ id: 'admin.opml.refusedTitle', message: 'Nothing was imported' }), 'orange'];
  const summary = report.dry_run
    ? t({
        id: 'admin.opml.counts',
        message: `To import: ${ph({ import: counts.import })} · Already present: ${ph({ present: counts.present })} · Not imported: ${ph({ refused: counts.refused })}`,
      })
    : t({
        id: 'admin.opml.doneCounts',
        message: `Added: ${ph({ import: report.datasources_created })} · Already present: ${ph({ present: counts.present })} · Not imported: ${ph({ refused: counts.refused })} · New topics: ${ph({ topics: report.topics_created.length })}`,
      });
  return (
    <Stack gap="xs">
      <Alert color={color} title={title} styles={ALERT_TEXT} data-testid="opml-report" role="status">
        {report.lines.length === 0
          ? t({ id: 'admin.opml.noFeeds', message: 'The file holds no feeds.' })
          : summary}
      </Alert>
      {report.lines.length > 0 && (
        <Table striped withTableBorder layout="fixed" data-testid="opml-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={56}>{t({ id: 'admin.opml.line', message: 'Line' })}</Table.Th>
              <Table.Th>{t({ id: 'admin.opml.feed', message: 'Feed' })}</Table.Th>
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
  const { t } = useLingui();
  const { language } = useLanguage();
  const status = line.status === 'import' && !dryRun ? 'imported' : line.status;
  return (
    <Table.Tr data-testid="opml-line" data-status={line.status}>
      <Table.Td>{line.line}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <Group gap="xs" wrap="wrap">
          <Badge color={STATUS_COLOR[line.status]} variant="filled" radius="sm">
            {t(messageFor(OPML_STATUS_MESSAGES, status))}
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
