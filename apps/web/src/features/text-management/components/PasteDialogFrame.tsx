import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../use-is-phone';

/** The wide dialog that shows one paste (preview, edit); it fills the screen on a phone. */
export function PasteDialogFrame({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      fullScreen={isPhone}
      title={title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {children}
    </Modal>
  );
}
