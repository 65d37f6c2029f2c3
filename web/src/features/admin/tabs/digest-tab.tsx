import { useLingui } from '@lingui/react/macro';
import { msg, ph, plural } from '@lingui/core/macro';
import type { AdminT } from '../admin-logic';
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

/** Where a digest sent by hand is: queued, being sent, sent, failed, or skipped (nothing new). */
function deliveryStatus(t: AdminT, status: string, date: string): string {
  switch (status) {
    case 'pending':
      return t(
        msg({
          id: 'admin.digest.deliveryStatus.pending',
          message: `Queued for ${date}; it goes out in a moment`,
        }),
      );
    case 'sending':
      return t(msg({ id: 'admin.digest.deliveryStatus.sending', message: `Being sent (${date})` }));
    case 'sent':
      return t(msg({ id: 'admin.digest.deliveryStatus.sent', message: `Sent (${date})` }));
    case 'failed':
      return t(msg({ id: 'admin.digest.deliveryStatus.failed', message: `Sending failed (${date})` }));
    default:
      return t(
        msg({
          id: 'admin.digest.deliveryStatus.skipped',
          message: `Nothing to send for ${date}: no new summaries`,
        }),
      );
  }
}

function PreviewSection() {
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const [preview, setPreview] = useState<DigestPreviewResponse | null>(null);
  const run = useMutation({ mutationFn: previewDigest, onSuccess: setPreview });
  return (
    <EmailForm
      title={t({ id: 'admin.digest.previewTitle', message: "Preview a subscriber's digest" })}
      email={email}
      onEmail={setEmail}
      inputTestId="digest-preview-email"
      onSubmit={(address) => {
        setPreview(null);
        run.mutate(address);
      }}
      button={
        <Button type="submit" variant="default" loading={run.isPending} data-testid="digest-preview">
          {t({ id: 'admin.digest.preview', message: 'Preview' })}
        </Button>
      }
    >
      {run.isError && (
        <Alert color="red" title={t({ id: 'admin.digest.previewFailed', message: 'Preview failed' })}>
          {errorText(t, run.error, t({ id: 'admin.messages.tryLater', message: 'Please try again later' }))}
        </Alert>
      )}
      {preview &&
        (preview.would_send ? (
          <Stack gap="xs" data-testid="digest-preview-result">
            <Group gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                {preview.subject}
              </Text>
              <Badge variant="light">
                {t({
                  id: 'admin.digest.summaryCount',
                  message: plural(ph({ count: preview.summary_count }), {
                    one: `# summary`,
                    other: `# summaries`,
                  }),
                })}
              </Badge>
              <Badge variant="outline">{preview.digest_date}</Badge>
            </Group>
            <Box
              component="iframe"
              title={t({ id: 'admin.digest.previewFrame', message: 'Digest preview' })}
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
            {t({
              id: 'admin.digest.quietDay',
              message: `No digest for ${ph({ date: preview.digest_date })}: no new summaries in this subscriber's topics. The scheduled send skips it.`,
            })}
          </Text>
        ))}
    </EmailForm>
  );
}

function SendOneSection() {
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const send = useAdminAction({
    run: sendDigestTo,
    success: t({ id: 'admin.digest.toast.sent', message: 'Digest sent' }),
    failure: t({ id: 'admin.digest.toast.sendFailed', message: 'Could not send the digest' }),
    successMessage: (r) => deliveryStatus(t, r.status, r.digest_date),
  });
  return (
    <EmailForm
      title={t({ id: 'admin.digest.sendOneTitle', message: 'Send to one subscriber' })}
      help={t({
        id: 'admin.digest.sendOneHelp',
        message: "Sends today's digest to this subscriber now, once a day like the scheduled send.",
      })}
      email={email}
      onEmail={setEmail}
      inputTestId="digest-send-email"
      onSubmit={(address) => send.mutate(address)}
      button={
        <Button type="submit" loading={send.isPending} data-testid="digest-send-one">
          {t({ id: 'admin.digest.sendNow', message: 'Send now' })}
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
  const { t } = useLingui();
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
              label={t({ id: 'admin.digest.email', message: 'Subscriber email' })}
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
  const { t } = useLingui();
  const [due, setDue] = useState<DigestDueResponse | null>(null);
  const count = useMutation({ mutationFn: digestDue, onSuccess: setDue });
  const send = useAdminAction({
    run: sendDigestToDue,
    success: t({ id: 'admin.digest.toast.dueQueued', message: 'Digest send started' }),
    failure: t({ id: 'admin.digest.toast.sendFailed', message: 'Could not send the digest' }),
    successMessage: (r) =>
      t({
        id: 'admin.digest.dueQueuedCount',
        message: plural(ph({ count: r.due_count }), {
          one: `Sending to # subscriber`,
          other: `Sending to # subscribers`,
        }),
      }),
    onDone: () => setDue(null),
  });
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t({ id: 'admin.digest.sendDueTitle', message: 'Send to everyone due' })}
        </Title>
        <Text size="sm" c="dimmed">
          {t({
            id: 'admin.digest.sendDueHelp',
            message:
              "Runs the scheduled send now: every confirmed subscriber whose 8 AM has come and who has not had today's digest.",
          })}
        </Text>
        <Group>
          <Button
            color="red"
            variant="light"
            loading={count.isPending || send.isPending}
            onClick={() => count.mutate()}
            data-testid="digest-send-due"
          >
            {t({ id: 'admin.digest.sendDue', message: 'Send to all due subscribers' })}
          </Button>
        </Group>
        {count.isError && (
          <Alert
            color="red"
            title={t({ id: 'admin.digest.countFailed', message: 'Could not count the subscribers' })}
          >
            {errorText(
              t,
              count.error,
              t({ id: 'admin.messages.tryLater', message: 'Please try again later' }),
            )}
          </Alert>
        )}
      </Stack>
      <Modal
        opened={due !== null}
        onClose={() => setDue(null)}
        title={t({ id: 'admin.digest.confirmTitle', message: 'Send the digest now?' })}
        closeButtonProps={{ 'aria-label': t({ id: 'admin.actions.close', message: 'Close' }) }}
        centered
      >
        {due && (
          <Stack data-testid="digest-due-dialog">
            <Text size="sm" data-testid="digest-due-count">
              {due.due_count > 0
                ? t({
                    id: 'admin.digest.confirmMessage',
                    message: plural(ph({ count: due.due_count }), {
                      one: `# subscriber will get today's digest.`,
                      other: `# subscribers will get today's digest.`,
                    }),
                  })
                : t({
                    id: 'admin.digest.nobodyDue',
                    message:
                      "Nobody is due now: everyone has had today's digest or their 8 AM has not come yet.",
                  })}
            </Text>
            {due.zones.length > 0 && (
              <List size="sm" spacing={2}>
                {due.zones.map((zone) => (
                  <List.Item key={zone.time_zone}>
                    {t({
                      id: 'admin.digest.zoneLine',
                      message: `${ph({ zone: zone.time_zone })} (${ph({ date: zone.date })}): ${ph({ count: zone.count })}`,
                    })}
                  </List.Item>
                ))}
              </List>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDue(null)}>
                {t({ id: 'admin.actions.cancel', message: 'Cancel' })}
              </Button>
              <Button
                color="red"
                disabled={due.due_count === 0}
                loading={send.isPending}
                onClick={() => send.mutate(undefined)}
                data-testid="digest-confirm-send"
              >
                {t({ id: 'admin.digest.confirmSend', message: `Send to ${ph({ count: due.due_count })}` })}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Paper>
  );
}
