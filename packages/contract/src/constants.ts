/** Business constants and limits of SPEC §9, shared by server and web. */
export const APP_NAME = 'Pasteport';
export const APP_VERSION = '0.7.0';
/** Where the project's source code lives (SPEC §2: linked from the footer). */
export const SOURCE_REPOSITORY_URL = 'https://github.com/pasteport/pasteport';

export const REQUEST_TIMEOUT_MS = 30_000;
export const PART_UPLOAD_TIMEOUT_MS = 300_000;
export const SYNC_STATUS_TIMEOUT_MS = 5_000;
export const MULTIPART_PART_SIZE = 5 * 1024 * 1024;
export const MULTIPART_CONCURRENCY = 3;
export const PART_MAX_RETRIES = 3;
export const PART_RETRY_DELAY_MS = 1_000;
export const UPLOAD_STATE_TTL_MS = 24 * 60 * 60 * 1000;
export const AUTH_REVALIDATE_MS = 5 * 60 * 1000;
export const OFFLINE_CACHE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const INSTALL_PROMPT_RESHOW_MS = 7 * 24 * 60 * 60 * 1000;
export const PROMPT_POLL_MS = 5_000;
/**
 * What an API key (and any credential) in `Authorization: ApiKey|Bearer <credential>` may be:
 * the server's header parser, WebDAV's Basic password check and the uploader configs all read
 * this one rule.
 */
export const API_KEY_PATTERN = /^[A-Za-z0-9_-]{1,512}$/;
export const SLUG_MAX_LENGTH = 50;
export const MOUNT_NAME_MIN = 1;
export const MOUNT_NAME_MAX = 50;
export const CACHE_TTL_DEFAULT_S = 300;
export const CACHE_TTL_MAX_S = 86_400;
export const EDITOR_CONTENT_MAX_BYTES = 10 * 1024 * 1024;
export const DEFAULT_MAX_UPLOAD_SIZE_MB = 100;
export const ADMIN_PASTES_PAGE = 1;
export const ADMIN_PASTES_LIMIT = 10;
export const USER_PASTES_LIMIT = 10;
export const USER_PASTES_OFFSET = 0;
export const FILES_LIMIT = 50;
export const FILES_OFFSET = 0;
export const SEARCH_LIMIT = 50;
export const SEARCH_OFFSET = 0;
export const SEARCH_MIN_KEYWORD = 2;
export const LONG_PRESS_MS = 500;
export const LONG_PRESS_TOLERANCE_PX = 10;
export const RECENT_UPLOADS_SHOWN = 3;
export const DEFAULT_BASIC_PATH = '/';
export const OFFLINE_TOAST_MS = 3_000;

/**
 * The name the server gives the built-in local-disk config it creates on first start. While the
 * record keeps it, the web shows the name in the reader's language instead.
 */
export const BUILT_IN_STORAGE_CONFIG_NAME = 'Local disk';

/** Theme modes and their cycle order (SPEC §4): auto → light → dark → auto. */
export const THEME_MODES = ['auto', 'light', 'dark'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

/** Interface languages (SPEC §1). */
export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * `Idempotency-Key` (ARCHITECTURE §6): a client-chosen key on a POST, PUT, PATCH or DELETE
 * under /api. The server runs the first request with a key once and answers a repeat of it
 * (same caller, method, path and body) with the stored first answer for 24 hours.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set to `true` on an answer that is a stored first answer sent again. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** The methods that honour the key; safe methods are idempotent by themselves. */
export const IDEMPOTENCY_KEY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** 1–255 printable ASCII characters (0x21–0x7E): no spaces, controls or other bytes. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7E]{1,255}$/;
/** How long a key and its stored answer are kept. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
