import { ActionIcon, Drawer, Indicator, Tooltip } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconListCheck } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/PageLoader';
import { TOUCH_TARGET_PX } from '../../../components/sizes';
import { useAuth, type AuthSession } from '../../../lib/auth';
import { useRefreshFoldersOnTaskFinish, useTaskList } from '../api';
import { countActiveTasks } from '../task-model';

const TaskPanel = lazy(() => import('./TaskPanel').then((m) => ({ default: m.TaskPanel })));

const PANEL_ID = 'task-manager';

/** Who may see tasks (ROUTES' mount permission): the admin, or a key allowed to use mounts. */
export function mayUseTasks(session: AuthSession): boolean {
  return session.type === 'admin' || (session.type === 'apikey' && session.permissions.mount);
}

/** Whether the header shows the task button: a mount user with at least one task listed. */
export function useHasTasks(): boolean {
  const { session } = useAuth();
  const allowed = mayUseTasks(session);
  const list = useTaskList(allowed);
  return allowed && (list.data?.items.length ?? 0) > 0;
}

/**
 * The header's task manager button (nothing for anyone who may not use mounts): shown while
 * the list has tasks, with the number of active ones, opening the panel in a drawer. It also
 * refreshes the explorer's folders whenever a task finishes, drawer open or not.
 */
export function TasksButton() {
  const { session } = useAuth();
  if (!mayUseTasks(session)) return null;
  return <TaskManager />;
}

function TaskManager() {
  const { t } = useTranslation();
  const list = useTaskList(true);
  const [opened, drawer] = useDisclosure(false);
  const isPhone = useMediaQuery('(max-width: 36em)') ?? false;
  const tasks = list.data?.items;
  useRefreshFoldersOnTaskFinish(tasks);

  if (!opened && (!tasks || tasks.length === 0)) return null;
  const active = countActiveTasks(tasks ?? []);
  const label = active > 0 ? t('tasks.button.active', { count: active }) : t('tasks.button.idle');

  return (
    <>
      <Tooltip label={label}>
        <Indicator
          label={
            <span aria-hidden data-testid="tasks-badge">
              {active}
            </span>
          }
          disabled={active === 0}
          size={18}
          offset={4}
        >
          <ActionIcon
            variant="default"
            aria-label={label}
            aria-haspopup="dialog"
            aria-expanded={opened}
            aria-controls={opened ? PANEL_ID : undefined}
            data-testid="tasks-button"
            onClick={() => {
              drawer.open();
              // An idle list is not polled: opening the panel shows it as it is now.
              void list.refetch();
            }}
          >
            <IconListCheck size={20} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      <Drawer
        id={PANEL_ID}
        opened={opened}
        onClose={drawer.close}
        position="right"
        size={isPhone ? '100%' : 'md'}
        title={t('tasks.title')}
        closeButtonProps={{ size: TOUCH_TARGET_PX, iconSize: 20, 'aria-label': t('tasks.close') }}
      >
        <Suspense fallback={<PageLoader />}>
          <TaskPanel tasks={tasks ?? []} total={list.data?.total ?? 0} />
        </Suspense>
      </Drawer>
    </>
  );
}
