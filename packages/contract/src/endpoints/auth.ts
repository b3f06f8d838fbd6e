import {
  adminTokenInfoSchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
} from '../auth.js';
import { EMPTY, endpoint, json, jsonBody } from './define.js';
import { ROUTES } from './routes.js';

const tag = 'Auth';

/** Login, logout, session check and credential change (SPEC §7 Auth). */
export const authEndpoints = {
  login: endpoint(ROUTES.login, {
    tag,
    summary: 'Sign in as the administrator; answers a session token',
    body: jsonBody(loginRequestSchema),
    answer: json(loginResponseSchema),
    errors: ['INVALID_CREDENTIALS', 'RATE_LIMITED'],
  }),
  logout: endpoint(ROUTES.logout, {
    tag,
    summary: 'End the session',
    answer: EMPTY,
    errors: [],
  }),
  adminTokenInfo: endpoint(ROUTES.adminTokenInfo, {
    tag,
    summary: 'Check the session token',
    answer: json(adminTokenInfoSchema),
    errors: [],
  }),
  changePassword: endpoint(ROUTES.changePassword, {
    tag,
    summary: "Change the administrator's password (and username); ends other sessions",
    body: jsonBody(changePasswordRequestSchema),
    answer: json(changePasswordResponseSchema),
    errors: ['CURRENT_PASSWORD_INVALID', 'ALREADY_EXISTS', 'RATE_LIMITED'],
  }),
};
