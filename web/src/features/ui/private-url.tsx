import { Button, CopyButton, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { CSSProperties, ReactNode } from 'react';
import { useErrorText } from '../../api/error-text';
import { showErrorToast } from './toast';

/**
 * Making a new private URL (its secret) and turning it off, for the private feeds (favourites,
 * podcasts): each ends the old URL at once; a failure says why in a toast titled `failedTitle`.
 */
export function usePrivateUrlActions<Created>({
  create,
  revoke,
  onCreated,
  onRevoked,
  failedTitle,
}: {
  create: () => Promise<Created>;
  revoke: () => Promise<unknown>;
  onCreated: (answer: Created) => void;
  onRevoked: () => void;
  failedTitle: string;
}) {
  const errorText = useErrorText();
  const onError = (error: unknown) => showErrorToast(failedTitle, errorText(error));
  const regenerate = useMutation({ mutationFn: create, onSuccess: onCreated, onError });
  const turnOff = useMutation({ mutationFn: revoke, onSuccess: onRevoked, onError });
  return { regenerate, revoke: turnOff, busy: regenerate.isPending || turnOff.isPending };
}

/** A private URL to copy into an app: read-only (a focus selects it), with what to know about it. */
export function PrivateUrlField({
  label,
  url,
  note,
  testId,
}: {
  label: string;
  url: string;
  note: string;
  testId: string;
}) {
  return (
    <>
      <TextInput
        label={label}
        value={url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        data-testid={testId}
      />
      <Text fz="xs" c="gray.7">
        {note}
      </Text>
    </>
  );
}

/** Copies `url`; its label says "copied" for a moment after. */
export function CopyUrlButton({
  url,
  label,
  copiedLabel,
  icon,
  style,
  testId,
}: {
  url: string;
  label: string;
  copiedLabel: string;
  icon?: ReactNode;
  style?: CSSProperties;
  testId: string;
}) {
  return (
    <CopyButton value={url}>
      {({ copied, copy }) => (
        <Button variant="light" leftSection={icon} onClick={copy} style={style} data-testid={testId}>
          {copied ? copiedLabel : label}
        </Button>
      )}
    </CopyButton>
  );
}

/** Turns the private URL off (the `revoke` of `usePrivateUrlActions`). */
export function RevokeUrlButton({
  actions,
  label,
  testId,
}: {
  actions: Pick<ReturnType<typeof usePrivateUrlActions>, 'revoke' | 'busy'>;
  label: string;
  testId: string;
}) {
  return (
    <Button
      variant="outline"
      color="red"
      onClick={() => actions.revoke.mutate()}
      loading={actions.revoke.isPending}
      disabled={actions.busy}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
