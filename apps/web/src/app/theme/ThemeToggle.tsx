import { ActionIcon, Tooltip, useMantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import type { ThemeMode } from '@pasteport/contract';
import { useTranslation } from 'react-i18next';
import { nextThemeMode } from './color-scheme';

const ICONS = { auto: IconDeviceDesktop, light: IconSun, dark: IconMoon } as const;

/** Header button cycling the theme mode; its label names the current mode. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const mode: ThemeMode = colorScheme;
  const next = nextThemeMode(mode);
  const Icon = ICONS[mode];
  const modeName = t(`theme.modes.${mode}`);
  const label = t('theme.label', { mode: modeName });
  const tooltip = t('theme.tooltip', { mode: modeName, next: t(`theme.modes.${next}`) });

  return (
    <Tooltip label={tooltip}>
      <ActionIcon
        variant="default"
        aria-label={label}
        data-theme-mode={mode}
        data-testid="theme-toggle"
        onClick={() => setColorScheme(next)}
      >
        <Icon size={20} stroke={1.6} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
