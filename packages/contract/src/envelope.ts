import { z } from 'zod';
import { ALL_ERROR_CODES } from './errors.js';

/** One validation problem: which field (dot path) and which rule it broke. */
export const validationIssueSchema = z.object({
  field: z.string(),
  rule: z.string(),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

/** The envelope of every successful JSON response; `code` equals the HTTP status. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.union([z.literal(200), z.literal(201), z.literal(202)]),
    message: z.string(),
    success: z.literal(true),
    data,
  });
}

/** The envelope of every failed JSON response. */
export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  success: z.literal(false),
  /** null, except where a route documents diagnostic data (e.g. /api/health's checks on 503). */
  data: z.unknown(),
  error: z.enum(ALL_ERROR_CODES as [string, ...string[]]),
  details: z.array(validationIssueSchema).optional(),
  requestId: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export interface SuccessEnvelope<T> {
  code: 200 | 201 | 202;
  message: string;
  success: true;
  data: T;
}
