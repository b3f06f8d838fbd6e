import { gvfsAddress } from '../../lib/webdav-address';

/** Where the davfs2 example mounts the drive. */
export const DAVFS_MOUNT_POINT = '/mnt/pasteport';

/** The rclone remote the example creates. */
export const RCLONE_REMOTE = 'pasteport';

/** A word for a POSIX shell: as it is when nothing in it is special, else in single quotes. */
export function shellQuote(value: string): string {
  if (/^[\w@%+=:,./-]+$/.test(value)) return value;
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/**
 * A word for the Windows command prompt: in double quotes when it has a space or a character
 * cmd treats specially (a `"` cannot be quoted there and is dropped; addresses never hold one).
 */
export function cmdQuote(value: string): string {
  const text = value.replaceAll('"', '');
  return /^[\w@%+=:,./\\-]+$/.test(text) ? text : `"${text}"`;
}

/** What the commands are built from: the folder's address, who signs in, and a placeholder for the secret. */
export interface WebDavCommandInput {
  address: string;
  username: string;
  /** Shown where the password (or API key) goes; the user replaces it. */
  passwordPlaceholder: string;
}

/** The ready-to-paste commands and addresses of each client the instructions cover. */
export function webDavCommands({ address, username, passwordPlaceholder }: WebDavCommandInput) {
  return {
    /** Maps the next free drive letter; the final `*` makes Windows ask for the password. */
    windows: `net use * ${cmdQuote(address)} /user:${cmdQuote(username)} *`,
    /** davfs2 asks for the user name and password itself. */
    davfs: [
      `sudo mkdir -p ${DAVFS_MOUNT_POINT}`,
      `sudo mount -t davfs -o uid=$(id -u),gid=$(id -g) ${shellQuote(address)} ${DAVFS_MOUNT_POINT}`,
    ].join('\n'),
    gnome: gvfsAddress(address),
    /**
     * The password goes in already obscured; --no-obscure stops rclone guessing whether it is
     * (its guess can be wrong for long base64-looking values).
     */
    rclone:
      `rclone config create ${RCLONE_REMOTE} webdav url=${shellQuote(address)} vendor=other ` +
      `user=${shellQuote(username)} pass="$(rclone obscure ${shellQuote(passwordPlaceholder)})" ` +
      `--no-obscure`,
    rcloneList: `rclone lsd ${RCLONE_REMOTE}:`,
  };
}

/** What webDavCommands returns. */
export type WebDavCommands = ReturnType<typeof webDavCommands>;
