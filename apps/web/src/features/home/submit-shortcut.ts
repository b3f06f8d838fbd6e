/** "Ctrl+Enter", or "⌘Enter" on Apple devices: the editor's share shortcut as people read it. */
export function submitShortcutText(platform: string = currentPlatform()): string {
  return /Mac|iPhone|iPad|iPod/i.test(platform) ? '⌘Enter' : 'Ctrl+Enter';
}

function currentPlatform(): string {
  const data = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData;
  return data?.platform ?? navigator.platform;
}
