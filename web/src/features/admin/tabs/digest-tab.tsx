import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  List,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import {
  type DigestDueResponse,
  type DigestPreviewResponse,
  digestDue,
  errorText,
  previewDigest,
  sendDigestTo,
  sendDigestToDue,
} from '../admin-api';
import { useAdminAction } from '../kit/admin-shared';

/**
 * The newsletter digest by hand: look at a subscriber's digest, send one subscriber today's now, or run
 * the scheduled send for everyone due, after a confirmation that says how many that is.
 */
export function DigestTab() {
  return (
    <Stack data-testid="digest-tab">
      <PreviewSection />
      <SendOneSection />
      <SendDueSection />
    </Stack>
  );
}

function PreviewSection() {
  const { t } = useTranslation('admin');
  const [email, setEmail] = useState('');
  const [preview, setPreview] = useState<DigestPreviewResponse | null>(null);
  const run = useMutation({ mutationFn: previewDigest, onSuccess: setPreview });
  return (
    <EmailForm
      title={t('digest.previewTitle')}
      email={email}
      onEmail={setEmail}
      inputTestId="digest-preview-email"
      onSubmit={(address) => {
        setPreview(null);
        run.mutate(address);
      }}
      button={
        <Button type="submit" variant="default" loading={run.isPending} data-testid="digest-preview">
          {t('digest.preview')}
        </Button>
      }
    >
      {run.isError && (
        <Alert color="red" title={t('digest.previewFailed')}>
          {errorText(t, run.error, t('messages.tryLater'))}
        </Alert>
      )}
      {preview &&
        (preview.would_send ? (
          <Stack gap="xs" data-testid="digest-preview-result">
            <Group gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                {preview.subject}
              </Text>
              <Badge variant="light">{t('digest.summaryCount', { count: preview.summary_count })}</Badge>
              <Badge variant="outline">{preview.digest_date}</Badge>
            </Group>
            <Box
              component="iframe"
              title={t('digest.previewFrame')}
              // The email's own HTML, with no scripts, forms or navigation of this page.
              sandbox=""
              srcDoc={preview.html}
              w="100%"
              h={520}
              style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
              data-testid="digest-preview-frame"
            />
          </Stack>
        ) : (
          <Text size="sm" c="dimmed" data-testid="digest-preview-quiet">
            {t('digest.quietDay', { date: preview.digest_date })}
          </Text>
        ))}
    </EmailForm>
  );
}

function SendOneSection() {
  const { t } = useTranslation('admin');
  const [email, setEmail] = useState('');
  const send = useAdminAction({
    run: sendDigestTo,
    success: t('digest.toast.sent'),
    failure: t('digest.toast.sendFailed'),
    successMessage: (r) => t(`digest.deliveryStatus.${r.status}`, { date: r.digest_date }),
  });
  return (
    <EmailForm
      title={t('digest.sendOneTitle')}
      help={t('digest.sendOneHelp')}
      email={email}
      onEmail={setEmail}
      inputTestId="digest-send-email"
      onSubmit={(address) => send.mutate(address)}
      button={
        <Button type="submit" loading={send.isPending} data-testid="digest-send-one">
          {t('digest.sendNow')}
        </Button>
      }
    />
  );
}

/** A section that takes one email address: its title, help, the field and its button, then `children`. */
function EmailForm({
  title,
  help,
  email,
  onEmail,
  inputTestId,
  onSubmit,
  button,
  children,
}: {
  title: string;
  help?: string;
  email: string;
  onEmail: (email: string) => void;
  inputTestId: string;
  onSubmit: (email: string) => void;
  button: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <Paper withBorder radius="md" p="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(email.trim());
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {title}
          </Title>
          {help ? (
            <Text size="sm" c="dimmed">
              {help}
            </Text>
          ) : null}
          <Group align="flex-end" wrap="wrap" gap="sm">
            <TextInput
              type="email"
              required
              label={t('digest.email')}
              value={email}
              onChange={(event) => onEmail(event.currentTarget.value)}
              miw={240}
              style={{ flex: 1 }}
              data-testid={inputTestId}
            />
            {button}
          </Group>
          {children}
        </Stack>
      </form>
    </Paper>
  );
}

function SendDueSection() {
  const { t } = useTranslation('admin');
  const [due, setDue] = useState<DigestDueResponse | null>(null);
  const count = useMutation({ mutationFn: digestDue, onSuccess: setDue });
  const send = useAdminAction({
    run: sendDigestToDue,
    success: t('digest.toast.dueQueued'),
    failure: t('digest.toast.sendFailed'),
    successMessage: (r) => t('digest.dueQueuedCount', { count: r.due_count }),
    onDone: () => setDue(null),
  });
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('digest.sendDueTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('digest.sendDueHelp')}
        </Text>
        <Group>
          <Button
            color="red"
            variant="light"
            loading={count.isPending || send.isPending}
            onClick={() => count.mutate()}
            data-testid="digest-send-due"
          >
            {t('digest.sendDue')}
          </Button>
        </Group>
        {count.isError && (
          <Alert color="red" title={t('digest.countFailed')}>
            {errorText(t, count.error, t('messages.tryLater'))}
          </Alert>
        )}
      </Stack>
      <Modal
        opened={due !== null}
        onClose={() => setDue(null)}
        title={t('digest.confirmTitle')}
        closeButtonProps={{ 'aria-label': t('actions.close') }}
        centered
      >
        {due && (
          <Stack data-testid="digest-due-dialog">
            <Text size="sm" data-testid="digest-due-count">
              {due.due_count > 0
                ? t('digest.confirmMessage', { count: due.due_count })
                : t('digest.nobodyDue')}
            </Text>
            {due.zones.length > 0 && (
              <List size="sm" spacing={2}>
                {due.zones.map((zone) => (
                  <List.Item key={zone.time_zone}>
                    {t('digest.zoneLine', { zone: zone.time_zone, date: zone.date, count: zone.count })}
                  </List.Item>
                ))}
              </List>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDue(null)}>
                {t('actions.cancel')}
              </Button>
              <Button
                color="red"
                disabled={due.due_count === 0}
                loading={send.isPending}
                onClick={() => send.mutate(undefined)}
                data-testid="digest-confirm-send"
              >
                {t('digest.confirmSend', { count: due.due_count })}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Paper>
  );
}
