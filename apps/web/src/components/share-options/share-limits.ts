import {
  FILE_PASSWORD_MAX,
  FILE_REMARK_MAX,
  PASTE_PASSWORD_MAX,
  PASTE_REMARK_MAX,
} from '@pasteport/contract/plain';

/** The share limits the contract sets per kind of share (fields, checks and messages use them). */
export interface ShareLimits {
  remarkMax: number;
  passwordMax: number;
}

export const PASTE_SHARE_LIMITS: ShareLimits = {
  remarkMax: PASTE_REMARK_MAX,
  passwordMax: PASTE_PASSWORD_MAX,
};

export const FILE_SHARE_LIMITS: ShareLimits = {
  remarkMax: FILE_REMARK_MAX,
  passwordMax: FILE_PASSWORD_MAX,
};
