import { useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ReactNode, useEffect } from 'react';

/**
 * An add/edit dialog's values (@mantine/form), set afresh from `subject` (the row being edited, or
 * null for a new one) each time the dialog opens, with no error left from the last time.
 */
export function useDialogForm<Subject, Values extends Record<string, unknown>>(
  opened: boolean,
  subject: Subject | null,
  toValues: (subject: Subject | null) => Values,
) {
  const form = useForm<Values>({ mode: 'controlled', initialValues: toValues(subject) });
  const { setValues, clearErrors } = form;
  useEffect(() => {
    if (!opened) return;
    setValues(toValues(subject));
    clearErrors();
  }, [opened, subject, toValues, setValues, clearErrors]);
  return form;
}

/**
 * An admin add/edit dialog: the modal, its form (Enter submits once `ready`), the fields (children),
 * then Cancel and the submit button.
 */
export function FormDialog({
  opened,
  onClose,
  title,
  size,
  ready = true,
  saving,
  submitLabel,
  submitTestId,
  onSubmit,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: ModalProps['size'];
  /** The required fields are filled in: the submit button is enabled. */
  ready?: boolean;
  saving: boolean;
  submitLabel: string;
  submitTestId?: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t({ id: 'admin.actions.close', message: 'Close' }) }}
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) onSubmit();
        }}
      >
        <Stack>
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t({ id: 'admin.actions.cancel', message: 'Cancel' })}
            </Button>
            <Button type="submit" disabled={!ready} loading={saving} data-testid={submitTestId}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
