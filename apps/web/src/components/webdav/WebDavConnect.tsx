import { Accordion, Alert, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  IconBrandApple,
  IconBrandWindows,
  IconCloudUpload,
  IconDeviceMobile,
  IconTerminal2,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyIconButton } from '../CopyIconButton';
import { webDavCommands } from './webdav-commands';

/** What the password is: the administrator's own, or the API key itself. */
export type WebDavCredential = 'adminPassword' | 'apiKey';

/** Props of WebDavConnect. */
export interface WebDavConnectProps {
  /** The folder's WebDAV address (`webDavAddress`). */
  address: string;
  /** The user name to sign in with: the administrator's, or the key's name. */
  username: string;
  credential: WebDavCredential;
  /** Heading level of the clients' titles (below the heading the instructions sit under). */
  headingOrder?: 2 | 3 | 4 | 5 | 6;
}

/** A read-only value with a copy button beside it. */
function CopyField({
  label,
  value,
  copyLabel,
}: {
  label: string;
  value: string;
  copyLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput
        label={label}
        value={value}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        style={{ flex: 1, minWidth: 0 }}
      />
      <CopyIconButton value={value} label={copyLabel} copiedLabel={t('webdav.copied')} />
    </Group>
  );
}

/** A command (or address) to paste, whole lines kept, with its own copy button. */
function CommandBlock({ command, copyLabel }: { command: string; copyLabel: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Code
        block
        style={{ flex: 1, minWidth: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {command}
      </Code>
      <CopyIconButton value={command} label={copyLabel} copiedLabel={t('webdav.copied')} />
    </Group>
  );
}

function Client({
  value,
  icon,
  title,
  children,
}: {
  value: string;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Accordion.Item value={value}>
      <Accordion.Control icon={icon}>{title}</Accordion.Control>
      <Accordion.Panel>
        <Stack gap="xs">{children}</Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/**
 * How to reach a folder over WebDAV: its address and the user name, each with a copy button,
 * what the password is, then the steps for Windows, macOS, Linux, rclone and phones, with
 * commands ready to paste.
 */
export function WebDavConnect({
  address,
  username,
  credential,
  headingOrder = 3,
}: WebDavConnectProps) {
  const { t } = useTranslation();
  const placeholder = t(`webdav.placeholders.${credential}`);
  const commands = webDavCommands({ address, username, passwordPlaceholder: placeholder });
  const plainHttp = address.startsWith('http:');
  return (
    <Stack gap="sm">
      <CopyField label={t('webdav.address')} value={address} copyLabel={t('webdav.copyAddress')} />
      <CopyField
        label={t('webdav.username')}
        value={username}
        copyLabel={t('webdav.copyUsername')}
      />
      <Text size="sm">{t(`webdav.password.${credential}`)}</Text>
      <Accordion variant="contained" order={headingOrder}>
        <Client
          value="windows"
          icon={<IconBrandWindows size={18} aria-hidden />}
          title={t('webdav.clients.windows.title')}
        >
          <Text size="sm">{t('webdav.clients.windows.steps')}</Text>
          <CommandBlock command={commands.windows} copyLabel={t('webdav.copy.windows')} />
          {plainHttp ? (
            <Alert color="yellow" variant="light">
              {t('webdav.clients.windows.https')}
            </Alert>
          ) : (
            <Text size="sm" c="dimmed">
              {t('webdav.clients.windows.https')}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {t('webdav.clients.windows.sizeLimit')}
          </Text>
        </Client>
        <Client
          value="macos"
          icon={<IconBrandApple size={18} aria-hidden />}
          title={t('webdav.clients.macos.title')}
        >
          <Text size="sm">{t('webdav.clients.macos.steps')}</Text>
        </Client>
        <Client
          value="linux"
          icon={<IconTerminal2 size={18} aria-hidden />}
          title={t('webdav.clients.linux.title')}
        >
          <Text size="sm">{t('webdav.clients.linux.davfs')}</Text>
          <CommandBlock command={commands.davfs} copyLabel={t('webdav.copy.davfs')} />
          <Text size="sm">{t('webdav.clients.linux.gnome')}</Text>
          <CommandBlock command={commands.gnome} copyLabel={t('webdav.copy.gnome')} />
        </Client>
        <Client
          value="rclone"
          icon={<IconCloudUpload size={18} aria-hidden />}
          title={t('webdav.clients.rclone.title')}
        >
          <Text size="sm">{t('webdav.clients.rclone.steps', { placeholder })}</Text>
          <CommandBlock command={commands.rclone} copyLabel={t('webdav.copy.rclone')} />
          <Text size="sm">{t('webdav.clients.rclone.use')}</Text>
          <CommandBlock command={commands.rcloneList} copyLabel={t('webdav.copy.rcloneList')} />
        </Client>
        <Client
          value="phone"
          icon={<IconDeviceMobile size={18} aria-hidden />}
          title={t('webdav.clients.phone.title')}
        >
          <Text size="sm">{t('webdav.clients.phone.steps')}</Text>
        </Client>
      </Accordion>
    </Stack>
  );
}
