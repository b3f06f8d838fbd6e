import { z } from 'zod';

/** Stored options of a local-disk storage config. */
export const localStorageConfigSchema = z.object({
  /** Directory that holds the objects; must already exist (the driver never creates it). */
  root: z.string().trim().min(1, 'root is required'),
});

/** Parsed options of a local-disk storage config. */
export type LocalStorageConfig = z.infer<typeof localStorageConfigSchema>;
