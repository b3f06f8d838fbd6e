import {
  Alert,
  Button,
  Container,
  Group,
  Paper,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  apiBaseUrl,
  configuredApiHosts,
  defaultApiBase,
  normalizeApiBase,
  setApiHostOverride,
} from '../../lib/api';
import { useAuthStore } from '../../lib/auth';

// What EnvSwitcher shows, loaded only when there is something to show: most visits never
// need these forms, so they stay out of the first load.

const DEFAULT_CHOICE = 'default';
const CUSTOM_CHOICE = 'custom';

/**
 * Switching the API host: the sign-in belongs to the old host (and must not be sent to the new
 * one), so it ends; then every query is fetched again from the new host.
 */
function useSwitchApiHost() {
  const store = useAuthStore();
  const queryClient = useQueryClient();
  return (base: string | undefined) => {
    store.logout();
    setApiHostOverride(base);
    void queryClient.resetQueries();
  };
}

/** What a browser using a chosen host shows: which one, and the way back to the default. */
export function OverrideNotice({ override }: { override: string }) {
  const { t } = useTranslation();
  const switchHost = useSwitchApiHost();
  const [, rerender] = useState(0);
  return (
    <Container size="lg" mt="sm">
      <Alert color="yellow" variant="light" title={t('envSwitcher.noticeTitle')}>
        <Group justify="space-between" gap="sm">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('envSwitcher.notice', { url: override })}
          </Text>
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              switchHost(undefined);
              rerender((n) => n + 1);
            }}
          >
            {t('envSwitcher.reset')}
          </Button>
        </Group>
      </Alert>
    </Container>
  );
}

/** The administrator's form: a host config.js names, a custom URL, or the default. */
export function SwitcherPanel({ override }: { override: string | undefined }) {
  const { t } = useTranslation();
  const titleId = useId();
  const switchHost = useSwitchApiHost();
  const hosts = configuredApiHosts();
  const defaultBase = defaultApiBase();
  const current = apiBaseUrl();
  const initialChoice =
    override === undefined
      ? DEFAULT_CHOICE
      : hosts.some((host) => host.url === override)
        ? override
        : CUSTOM_CHOICE;
  const [choice, setChoice] = useState(initialChoice);
  const [customUrl, setCustomUrl] = useState(initialChoice === CUSTOM_CHOICE ? current : '');
  const [customError, setCustomError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice === DEFAULT_CHOICE) return switchHost(undefined);
    if (choice !== CUSTOM_CHOICE) return switchHost(choice);
    const base = /^https?:\/\//i.test(customUrl.trim()) ? normalizeApiBase(customUrl) : undefined;
    if (base === undefined) {
      setCustomError(t('envSwitcher.invalidUrl'));
      return;
    }
    switchHost(base);
  };

  return (
    <Container size="lg" mt="sm">
      <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Title order={2} size="h5" id={titleId}>
              {t('envSwitcher.title')}
            </Title>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('envSwitcher.current', { url: current })}
            </Text>
            <Radio.Group
              label={t('envSwitcher.choose')}
              value={choice}
              onChange={(value) => {
                setChoice(value);
                setCustomError(undefined);
              }}
            >
              <Stack gap="xs" mt="xs">
                <Radio
                  value={DEFAULT_CHOICE}
                  label={t('envSwitcher.defaultHost', { url: defaultBase })}
                />
                {hosts.map((host) => (
                  <Radio
                    key={host.url}
                    value={host.url}
                    label={t('envSwitcher.namedHost', { name: host.name, url: host.url })}
                  />
                ))}
                <Radio value={CUSTOM_CHOICE} label={t('envSwitcher.customHost')} />
              </Stack>
            </Radio.Group>
            {choice === CUSTOM_CHOICE ? (
              <TextInput
                label={t('envSwitcher.customUrl')}
                description={t('envSwitcher.customUrlHint')}
                placeholder="https://paste.example.com/api"
                type="url"
                value={customUrl}
                onChange={(event) => {
                  setCustomUrl(event.currentTarget.value);
                  setCustomError(undefined);
                }}
                error={customError}
              />
            ) : null}
            <Text size="xs" c="dimmed">
              {t('envSwitcher.signOutHint')}
            </Text>
            <Group gap="sm">
              <Button type="submit">{t('envSwitcher.apply')}</Button>
              <Button
                variant="default"
                disabled={override === undefined}
                onClick={() => switchHost(undefined)}
              >
                {t('envSwitcher.reset')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
