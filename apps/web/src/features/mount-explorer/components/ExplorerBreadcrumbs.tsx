import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { crumbsOf, explorerHref } from '../location';

/**
 * Where the explorer is, from the root: every folder a link, except the current one and those
 * above an API key's basic path (shown as the way down, not offered as places to go). With
 * `onNavigate` (the folder picker) the folders are buttons that browse in place instead.
 */
export function ExplorerBreadcrumbs({
  path,
  basicPath,
  onNavigate,
}: {
  path: string;
  basicPath: string;
  onNavigate?: (path: string) => void;
}) {
  const { t } = useTranslation();
  const crumbs = crumbsOf(path, basicPath);
  return (
    <nav aria-label={t('mountExplorer.breadcrumbs')}>
      <Breadcrumbs separatorMargin={4} styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }}>
        {crumbs.map((crumb, index) => {
          const label =
            crumb.path === '/' ? (
              <IconHome size={16} aria-label={t('mountExplorer.root')} role="img" />
            ) : (
              crumb.name
            );
          const current = index === crumbs.length - 1;
          if (current || !crumb.reachable) {
            return (
              <Text
                key={crumb.path}
                size="sm"
                fw={current ? 600 : 400}
                c={current ? undefined : 'dimmed'}
                aria-current={current ? 'location' : undefined}
                style={{ wordBreak: 'break-all' }}
              >
                {label}
              </Text>
            );
          }
          const style = { wordBreak: 'break-all' } as const;
          return onNavigate ? (
            <Anchor
              key={crumb.path}
              component="button"
              type="button"
              size="sm"
              onClick={() => onNavigate(crumb.path)}
              style={style}
            >
              {label}
            </Anchor>
          ) : (
            <Anchor
              key={crumb.path}
              component={Link}
              to={explorerHref(crumb.path)}
              size="sm"
              style={style}
            >
              {label}
            </Anchor>
          );
        })}
      </Breadcrumbs>
    </nav>
  );
}
