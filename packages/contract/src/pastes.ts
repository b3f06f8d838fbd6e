import { z } from 'zod';
import { SLUG_PROBLEM_MESSAGES, slugProblem } from './slugs.js';

export const PASTE_REMARK_MAX = 500;
export const PASTE_PASSWORD_MAX = 256;
/** Largest max_views accepted. */
export const PASTE_MAX_VIEWS_LIMIT = 1_000_000_000;

const isoInstant = z.iso.datetime({ offset: true, message: 'must be an ISO-8601 instant' });

/** A custom slug (SPEC §5): letters, digits, - and _, at most 50, not a reserved word. */
export const slugSchema = z.string().superRefine((value, ctx) => {
  const problem = slugProblem(value);
  if (problem)
    ctx.addIssue({
      code: 'custom',
      message: SLUG_PROBLEM_MESSAGES[problem],
      params: { rule: problem },
    });
});

/** POST /api/paste body. `content` is limited to 10 MB in UTF-8 bytes by the server (413). */
export const createPasteRequestSchema = z.object({
  content: z.string().min(1, 'content must not be empty'),
  slug: slugSchema.optional(),
  remark: z.string().max(PASTE_REMARK_MAX).nullable().optional(),
  password: z.string().min(1).max(PASTE_PASSWORD_MAX).nullable().optional(),
  expires_at: isoInstant.nullable().optional(),
  max_views: z
    .number()
    .int('must be a whole number')
    .min(0, 'must not be negative')
    .max(PASTE_MAX_VIEWS_LIMIT)
    .optional(),
});
export type CreatePasteRequest = z.input<typeof createPasteRequestSchema>;

/** POST /api/paste → data. */
export const pasteCreatedSchema = z.object({
  slug: z.string(),
  url: z.string(),
  raw_url: z.string(),
  expires_at: z.string().nullable(),
  max_views: z.number(),
  has_password: z.boolean(),
  created_at: z.string(),
});
export type PasteCreated = z.infer<typeof pasteCreatedSchema>;

/** GET/POST /api/paste/{slug} → data when the content is shown (the read was counted). */
export const pasteViewSchema = z.object({
  slug: z.string(),
  content: z.string(),
  remark: z.string().nullable(),
  expires_at: z.string().nullable(),
  max_views: z.number(),
  views: z.number(),
  /** Content reads left after this one; null when unlimited. */
  remaining_views: z.number().nullable(),
  has_password: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PasteView = z.infer<typeof pasteViewSchema>;

/** GET /api/paste/{slug} → data for a password paste: only what the prompt needs. */
export const pastePromptSchema = z.object({
  slug: z.string(),
  has_password: z.literal(true),
  password_required: z.literal(true),
});
export type PastePrompt = z.infer<typeof pastePromptSchema>;

/** POST /api/paste/{slug} body. */
export const unlockPasteRequestSchema = z.object({
  password: z.string().min(1).max(PASTE_PASSWORD_MAX),
});
