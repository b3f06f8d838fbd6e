import { Skeleton, Stack, type ModalProps } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from './DialogFrame';

/** Stands in for a dialog while its code loads, so the click is answered at once. */
function DialogLoading({
  title,
  size,
  onClose,
}: {
  title: string;
  size: ModalProps['size'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <DialogFrame title={title} size={size} onClose={onClose}>
      <Stack gap="md" role="status" aria-label={t('common.loading')}>
        <Skeleton height={24} width="60%" radius="sm" />
        <Skeleton height={160} radius="sm" />
      </Stack>
    </DialogFrame>
  );
}

/**
 * A dialog whose code is loaded on first use (`children` is its React.lazy component); until
 * then a stand-in of the same title and size shows.
 */
export function LazyDialog({
  title,
  size = 'xl',
  onClose,
  children,
}: {
  title: string;
  size?: ModalProps['size'];
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Suspense fallback={<DialogLoading title={title} size={size} onClose={onClose} />}>
      {children}
    </Suspense>
  );
}
