import { Alert, Button, Collapse, Group, Kbd, Paper, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconLogin, IconShare } from '@tabler/icons-react';
import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ShareField, ShareOptions } from '../share-form';
import { submitShortcutText } from '../submit-shortcut';
import { AdvancedOptions } from './AdvancedOptions';
import { ExpiryPicker } from './ExpiryPicker';

export interface SharePanelProps {
  options: ShareOptions;
  onChange: (patch: Partial<ShareOptions>) => void;
  errors: Partial<Record<ShareField, string>>;
  advancedOpen: boolean;
  onToggleAdvanced: () => void;
  onShare: () => void;
  sharing: boolean;
  /** Why sharing is not possible right now (the button is disabled and this says why). */
  blockedReason?: string;
  /** The last share's failure, shown above the button; `signIn` adds the sign-in link. */
  failure?: { message: string; signIn?: boolean };
  slugRef: Ref<HTMLInputElement>;
}

/**
 * The compact options panel: expiry chips and the Share button always visible; link suffix,
 * password, view limit and note in a collapsed "more options" part.
 */
export function SharePanel({
  options,
  onChange,
  errors,
  advancedOpen,
  onToggleAdvanced,
  onShare,
  sharing,
  blockedReason,
  failure,
  slugRef,
}: SharePanelProps) {
  const { t } = useTranslation();
  const advancedId = useId();
  const reasonId = useId();
  const shortcut = submitShortcutText();

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('home.options.title')}>
      <Stack gap="md">
        <ExpiryPicker options={options} onChange={onChange} error={errors.expiry} />
        <div>
          <Button
            variant="subtle"
            size="sm"
            mih={40}
            px="xs"
            onClick={onToggleAdvanced}
            aria-expanded={advancedOpen}
            aria-controls={advancedId}
            rightSection={
              <IconChevronDown
                size={16}
                aria-hidden
                style={{ transform: advancedOpen ? 'rotate(180deg)' : undefined }}
              />
            }
          >
            {t('home.options.more')}
          </Button>
          <Collapse expanded={advancedOpen} id={advancedId} keepMountedMode="display-none">
            <div style={{ paddingTop: 'var(--mantine-spacing-sm)' }}>
              <AdvancedOptions
                options={options}
                onChange={onChange}
                errors={errors}
                slugRef={slugRef}
              />
            </div>
          </Collapse>
        </div>
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
