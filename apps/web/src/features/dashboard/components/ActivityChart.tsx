import { Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { DailyActivity } from '@pasteport/contract';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { barPercent, longDayLabel, shortDayLabel } from '../chart-days';
import classes from './ActivityChart.module.css';

const SERIES = ['pastes', 'files'] as const;
type Series = (typeof SERIES)[number];

/**
 * Pastes and files created per day, as paired bars with their numbers. Each bar is labelled
 * for assistive technology, and a visually hidden table gives the same figures as a table.
 */
export function ActivityChart({ daily }: { daily: readonly DailyActivity[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const number = new Intl.NumberFormat(locale);
  const max = Math.max(0, ...daily.flatMap((day) => [day.pastes, day.files]));
  const seriesName: Record<Series, string> = {
    pastes: t('dashboard.chart.pastes'),
    files: t('dashboard.chart.files'),
  };
  const barLabel = (series: Series, day: DailyActivity) => {
    const options = { count: day[series], date: longDayLabel(day.date, locale) };
    return series === 'pastes'
      ? t('dashboard.chart.pastesBar', options)
      : t('dashboard.chart.filesBar', options);
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="dashboard-chart-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="dashboard-chart-title">
            {t('dashboard.chart.title')}
          </Title>
          <Text size="xs" c="dimmed">
            {t('dashboard.chart.utcNote')}
          </Text>
        </div>
        <Group gap="md" aria-hidden>
          {SERIES.map((series) => (
            <Group key={series} gap={6}>
              <span className={`${classes.swatch} ${classes[series]}`} />
              <Text size="sm">{seriesName[series]}</Text>
            </Group>
          ))}
        </Group>
        <div>
          <div className={classes.plot} role="group" aria-label={t('dashboard.chart.label')}>
            {daily.map((day) => (
              <div key={day.date} className={classes.day}>
                {SERIES.map((series) => {
                  const label = barLabel(series, day);
                  const ratio = barPercent(day[series], max) / 100;
                  return (
                    <div key={series} className={classes.slot}>
                      <span className={classes.value} aria-hidden>
                        {number.format(day[series])}
                      </span>
                      <div
                        role="img"
                        aria-label={label}
                        title={label}
                        data-testid={`bar-${series}-${day.date}`}
                        className={`${classes.bar} ${classes[series]}`}
                        style={{ '--bar-ratio': ratio } as CSSProperties}
                      />
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
          <div className={classes.labels} aria-hidden>
            {daily.map((day) => {
              const short = shortDayLabel(day.date, locale);
              return (
                <span key={day.date} className={classes.label}>
                  <span className={classes.dayNumber}>{short.day}</span>
                  <span>{short.weekday}</span>
                </span>
              );
            })}
          </div>
        </div>
        {max === 0 ? (
          <Text size="sm" c="dimmed">
            {t('dashboard.chart.empty')}
          </Text>
        ) : null}
        <VisuallyHidden>
          <table>
            <caption>{t('dashboard.chart.tableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.chart.day')}</th>
                <th scope="col">{seriesName.pastes}</th>
                <th scope="col">{seriesName.files}</th>
              </tr>
            </thead>
            <tbody>
              {daily.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{longDayLabel(day.date, locale)}</th>
                  <td>{number.format(day.pastes)}</td>
                  <td>{number.format(day.files)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </VisuallyHidden>
      </Stack>
    </Card>
  );
}
