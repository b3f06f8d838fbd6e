import { Alert, Button, Group, Modal, Stack, type ModalProps } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Where a dialog's words live: `<texts>.createTitle`, `.editTitle`, `.submitCreate`, `.submitEdit`. */
export type FormDialogTexts = 'keys.form' | 'storageConfig.form' | 'mountManagement.form';

/** What a create-or-edit dialog brings to the shared frame. */
export interface FormDialogProps {
  texts: FormDialogTexts;
  /** The name of the item being edited; undefined when creating one. */
  editing: string | undefined;
  onClose: () => void;
  /** Runs on submit (Enter or the submit button); the browser's own submit is prevented. */
  onSubmit: () => unknown;
  /** The submit button spins while the save is in flight. */
  pending: boolean;
  /** A failure that belongs to no field, shown above the buttons. */
  formError: string | undefined;
  size?: ModalProps['size'];
  fullScreen?: boolean;
  /** The fields. */
  children: ReactNode;
}

/**
 * The frame of a create or edit dialog: a modal with a labelled close button, the form's
 * fields, its failure, and Cancel beside the submit button. Validation is the form's own
 * (`noValidate`), so its messages are the translated ones.
 */
export function FormDialog({
  texts,
  editing,
  onClose,
  onSubmit,
  pending,
  formError,
  size,
  fullScreen,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();

  function submit(event: FormEvent) {
    event.preventDefault();
    void onSubmit();
  }

  return (
    <Modal
      opened
      onClose={onClose}
      size={size}
      fullScreen={fullScreen}
      title={
        editing === undefined
          ? t(`${texts}.createTitle`)
          : t(`${texts}.editTitle`, { name: editing })
      }
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {children}
          {formError ? (
            <Alert role="alert" color="red" variant="light">
              {formError}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {editing === undefined ? t(`${texts}.submitCreate`) : t(`${texts}.submitEdit`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
