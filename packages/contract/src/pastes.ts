import { z } from 'zod';
import { SLUG_PROBLEM_MESSAGES, slugProblem } from './slugs.js';
import { PASTE_MAX_VIEWS_LIMIT, PASTE_PASSWORD_MAX, PASTE_REMARK_MAX } from './paste-rules.js';
import { strictBody } from './strict-body.js';

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
export const createPasteRequestSchema = strictBody(
  z.object({
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
  }),
);
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
  /**
   * The id for /api/{admin|user}/pastes/{id} when the viewer may edit and delete this paste
   * (the administrator, or the API key that created it); null for everyone else.
   */
  manage_id: z.string().nullable(),
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
export const unlockPasteRequestSchema = strictBody(
  z.object({ password: z.string().min(1).max(PASTE_PASSWORD_MAX) }),
);

/** The longest page a listing returns. */
export const PASTE_LIST_LIMIT_MAX = 100;
/** Characters of content shown in listings. */
export const PASTE_PREVIEW_LENGTH = 200;

/** A paste in a listing: a short preview, never the full content. */
export const pasteSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  remark: z.string().nullable(),
  preview: z.string(),
  size_bytes: z.number(),
  has_password: z.boolean(),
  expires_at: z.string().nullable(),
  max_views: z.number(),
  views: z.number(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PasteSummary = z.infer<typeof pasteSummarySchema>;

/** GET /api/{admin|user}/pastes/{id} → data: everything but the password. */
export const pasteDetailSchema = pasteSummarySchema
  .omit({ preview: true })
  .extend({ content: z.string() });
export type PasteDetail = z.infer<typeof pasteDetailSchema>;

/** GET /api/admin/pastes query (SPEC §9: page 1, limit 10). */
export const adminPasteListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(PASTE_LIST_LIMIT_MAX).default(10),
  search: z.string().trim().min(2, 'search needs at least 2 characters').max(100).optional(),
});

/** GET /api/user/pastes query (SPEC §9: limit 10, offset 0). */
export const userPasteListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PASTE_LIST_LIMIT_MAX).default(10),
  offset: z.coerce.number().int().min(0).default(0),
  search: z.string().trim().min(2, 'search needs at least 2 characters').max(100).optional(),
});

/** A page of pastes with the total matching. */
export const pasteListSchema = z.object({
  items: z.array(pasteSummarySchema),
  total: z.number(),
  page: z.number().optional(),
  limit: z.number(),
  offset: z.number().optional(),
});
export type PasteList = z.infer<typeof pasteListSchema>;

/** PUT /api/{admin|user}/pastes/{id} body: create's fields; `password: null` clears it. */
export const updatePasteRequestSchema = strictBody(
  z
    .object({
      content: z.string().min(1, 'content must not be empty'),
      slug: slugSchema,
      remark: z.string().max(PASTE_REMARK_MAX).nullable(),
      password: z.string().min(1).max(PASTE_PASSWORD_MAX).nullable(),
      expires_at: isoInstant.nullable(),
      max_views: z.number().int().min(0).max(PASTE_MAX_VIEWS_LIMIT),
    })
    .partial(),
);
export type UpdatePasteRequest = z.infer<typeof updatePasteRequestSchema>;

/** POST …/pastes/batch-delete body. */
export const batchDeleteRequestSchema = strictBody(
  z.object({
    ids: z.array(z.string().min(1).max(64)).min(1, 'give at least one id').max(1000),
  }),
);

/** Batch delete and clear-expired → data. */
export const deletedCountSchema = z.object({ deleted: z.number() });
