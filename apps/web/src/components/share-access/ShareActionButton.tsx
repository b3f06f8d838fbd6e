import { Button, type ButtonProps } from '@mantine/core';
import { IconPencil, IconTrash, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface ShareActionButtonProps extends Omit<ButtonProps, 'leftSection' | 'children'> {
  Icon: Icon;
  label: string;
  onClick: () => void;
}

/** An action beside a shared paste or file: 40 px high (UX: touch targets), icon then label. */
export function ShareActionButton({
  Icon,
  label,
  variant = 'default',
  ...props
}: ShareActionButtonProps) {
  return (
    <Button variant={variant} h={40} leftSection={<Icon size={18} aria-hidden />} {...props}>
      {label}
    </Button>
  );
}

type ManageButtonProps = Omit<ShareActionButtonProps, 'Icon' | 'label'>;

/** Edit, for the viewer who manages the share. */
export function EditShareButton(props: ManageButtonProps) {
  const { t } = useTranslation();
  return <ShareActionButton Icon={IconPencil} label={t('common.edit')} {...props} />;
}

/** Delete, for the viewer who manages the share: marked as the destructive one. */
export function DeleteShareButton(props: ManageButtonProps) {
  const { t } = useTranslation();
  return (
    <ShareActionButton
      Icon={IconTrash}
      label={t('common.delete')}
      variant="light"
      color="red"
      {...props}
    />
  );
}
