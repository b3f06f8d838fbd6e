import type { TaskType } from '@pasteport/contract';
import type { NewTaskItem, TaskItemRow, TaskRow } from './task.repository.js';

/** The row shapes a handler sees: the tasks module's public face to the modules with tasks. */
export type { NewTaskItem, TaskItemRow, TaskRow };

/** What a handler may do while it runs one item of a task. */
export interface TaskItemContext {
  task: TaskRow;
  /**
   * Aborted when the task is cancelled, its lease is lost or the instance stops: pass it into
   * every stream and storage call, so the item stops and leaves nothing partial behind.
   */
  signal: AbortSignal;
  /** Adds the items this one stands for (a folder's files); a pair already added is ignored. */
  addItems(items: readonly NewTaskItem[]): Promise<void>;
  /** Bytes of this item moved so far (progress while it runs). */
  progress(bytes: number): void;
  /** The item's real size once known (a download's): it replaces the size the item had. */
  measured(bytes: number): void;
  /**
   * Whether this runner still holds the task's lease (asked of the database). Cleanup after a
   * failed or aborted item asks first: once the lease ran out, another instance may have taken
   * the task and finished this item, and what lies at its target is then that instance's work.
   */
  holdsLease(): Promise<boolean>;
}

/** How one item ended when it did not throw (a throw fails the item with its message). */
export type TaskItemOutcome = 'completed' | 'skipped';

/**
 * A task type's work, registered by the module that owns the type; the runner knows none of
 * them. `runItem` must be safe to run again for an item that was interrupted.
 */
export interface TaskHandler {
  runItem(item: TaskItemRow, context: TaskItemContext): Promise<TaskItemOutcome>;
}

/** Task type → its handler. */
export type TaskHandlers = Partial<Record<TaskType, TaskHandler>>;
