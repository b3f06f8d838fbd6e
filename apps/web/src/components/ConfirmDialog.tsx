import { Alert, Button, Group, Modal, Stack, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../lib/api';

/** Props of ConfirmDialog. */
export interface ConfirmDialogProps {
  title: ReactNode;
  /** What is about to happen, rendered as given above the error and the buttons. */
  body: ReactNode;
  confirmLabel: ReactNode;
  /** Colour of the confirm button (default red: confirmations are for destructive actions). */
  color?: MantineColor;
  /** The action is running: the confirm button shows a loader. */
  pending: boolean;
  /** The action's last failure, shown as an alert; null or undefined when there is none. */
  error?: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A modal that asks before acting: message, the failure of the last attempt, and Cancel
 * (focused first, so Enter never confirms by accident) beside the confirm button.
 */
export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  color = 'red',
  pending,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        {body}
        {error != null ? (
          <Alert role="alert" color="red" variant="light">
            {describeApiError(error, t)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button color={color} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
