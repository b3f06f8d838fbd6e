import { Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from './use-is-phone';

/**
 * The frame of a managed list's dialogs: a title, Esc and a labelled close button. A
 * dialog that shows a whole row (preview, edit) asks to `fillPhone`: full screen on a phone.
 */
export function DialogFrame({
  title,
  size = 'xl',
  fillPhone = false,
  onClose,
  children,
}: {
  title: string;
  size?: ModalProps['size'];
  fillPhone?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  return (
    <Modal
      opened
      onClose={onClose}
      size={size}
      fullScreen={fillPhone && isPhone}
      title={title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {children}
    </Modal>
  );
}
