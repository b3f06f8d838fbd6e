import { Button, Group, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './SearchOptions.module.css';

export interface RecentSearchesProps {
  recent: string[];
  listboxId: string;
  optionId: (index: number) => string;
  active: number;
  onRun: (query: string) => void;
  onHover: (index: number) => void;
  onClear: () => void;
}

/** The latest searches of this device, shown while the input is empty: one click runs one again. */
export function RecentSearches(props: RecentSearchesProps) {
  const { t } = useTranslation();
  if (props.recent.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('explorerSearch.recent.empty')}
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500}>
          {t('explorerSearch.recent.title')}
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={props.onClear}>
          {t('explorerSearch.recent.clear')}
        </Button>
      </Group>
      <div
        role="listbox"
        id={props.listboxId}
        aria-label={t('explorerSearch.recent.label')}
        className={classes.list}
      >
        {props.recent.map((query, index) => (
          <div
            key={query}
            id={props.optionId(index)}
            role="option"
            aria-selected={index === props.active}
            data-active={index === props.active || undefined}
            className={`${classes.row} ${classes.option}`}
            // The input keeps focus: typing and arrows go on where they were.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => index !== props.active && props.onHover(index)}
            onClick={() => props.onRun(query)}
          >
            <IconHistory size={18} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text size="sm" truncate title={query}>
              {query}
            </Text>
          </div>
        ))}
      </div>
    </Stack>
  );
}
