import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/** The WebDAV root of a same-origin API on the test page (jsdom's origin). */
export function webDavRootHere(): string {
  return `${window.location.origin}/dav/`;
}

/** The read-only field showing the WebDAV address inside `container` (the page by default). */
export function webDavAddressField(container: HTMLElement = document.body): Promise<HTMLElement> {
  // Found, not got: the connection help is loaded when first shown.
  return within(container).findByRole('textbox', { name: 'WebDAV address' });
}

/** Clicks a copy button and checks the clipboard then holds `text`. */
export async function copyAndExpect(
  user: UserEvent,
  button: HTMLElement,
  text: string,
): Promise<void> {
  await user.click(button);
  // user-event installs its own clipboard, which Mantine's CopyButton writes to.
  expect(await navigator.clipboard.readText()).toBe(text);
}

/** Opens one client's instructions (Windows, macOS, Linux, rclone, Phones and tablets). */
export async function openWebDavClient(user: UserEvent, name: string): Promise<void> {
  const control = screen.getByRole('button', { name });
  await user.click(control);
  expect(control).toHaveAttribute('aria-expanded', 'true');
  // The panel opens over two animation frames; wait until it is no longer hidden.
  const panel = document.getElementById(control.getAttribute('aria-controls') ?? '');
  await waitFor(() => expect(panel).toBeVisible());
}
