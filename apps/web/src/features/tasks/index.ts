/**
 * Public surface of the tasks feature: the header's task manager button (its panel loads on
 * first open) and the query keys shared with the explorer. A finished task invalidates every
 * query under FS_QUERY_KEY (`['fs', …]`); whoever starts a task invalidates TASKS_QUERY_KEY.
 */
export { FS_QUERY_KEY, TASKS_QUERY_KEY } from '../../lib/query-keys';
export { mayUseTasks, TasksButton, useHasTasks } from './components/TasksButton';
