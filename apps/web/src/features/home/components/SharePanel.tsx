import { Alert, Button, Group, Kbd, Paper, Stack, Text } from '@mantine/core';
import { IconLogin, IconShare } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PASTE_SHARE_LIMITS } from '../../../components/share-options/share-limits';
import {
  ShareOptionsBody,
  type ShareOptionsState,
} from '../../../components/share-options/ShareOptionsBody';
import { pasteShareUrl } from '../../paste/api';
import { EXPIRY_PRESETS } from '../share-form';
import { submitShortcutText } from '../submit-shortcut';

export interface SharePanelProps extends ShareOptionsState {
  onShare: () => void;
  sharing: boolean;
  /** Why sharing is not possible right now (the button is disabled and this says why). */
  blockedReason?: string;
  /** The last share's failure, shown above the button; `signIn` adds the sign-in link. */
  failure?: { message: string; signIn?: boolean };
}

/**
 * The compact options panel: expiry chips and the Share button always visible; link suffix,
 * password, view limit and note in a collapsed "more options" part.
 */
export function SharePanel({
  onShare,
  sharing,
  blockedReason,
  failure,
  ...optionsState
}: SharePanelProps) {
  const { t } = useTranslation();
  const reasonId = useId();
  const shortcut = submitShortcutText();

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('home.options.title')}>
      <Stack gap="md">
        <ShareOptionsBody
          keyPrefix="home.options"
          presets={EXPIRY_PRESETS}
          chipName="expiry"
          limits={PASTE_SHARE_LIMITS}
          linkBase={pasteShareUrl('')}
          advancedCols={{ base: 1, sm: 2 }}
          {...optionsState}
        />
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{failure.message}</Text>
              {failure.signIn ? <SignInButton /> : null}
            </Stack>
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm" wrap="wrap">
          {blockedReason ? (
            <Text id={reasonId} size="sm" c="dimmed" style={{ flex: '1 1 12rem' }}>
              {blockedReason}
            </Text>
          ) : (
            <Text size="xs" c="dimmed" visibleFrom="sm">
              {t('home.share.shortcut')} <Kbd size="xs">{shortcut}</Kbd>
            </Text>
          )}
          <Button
            size="md"
            w={{ base: '100%', xs: 'auto' }}
            onClick={onShare}
            loading={sharing}
            disabled={Boolean(blockedReason)}
            aria-describedby={blockedReason ? reasonId : undefined}
            leftSection={<IconShare size={18} aria-hidden />}
          >
            {t('home.share.button')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The way to the login screen, which lives in the admin area. */
export function SignInButton() {
  const { t } = useTranslation();
  return (
    <Button
      component={Link}
      to="/admin"
      variant="light"
      size="sm"
      mih={40}
      leftSection={<IconLogin size={16} aria-hidden />}
    >
      {t('home.access.signIn')}
    </Button>
  );
}
