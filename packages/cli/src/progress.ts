import { formatBytes } from './context.js';

interface Terminal {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/**
 * A one-line progress bar on stderr, redrawn in place. It draws only on a terminal: piped or
 * redirected stderr gets nothing (no carriage-return noise in logs).
 */
export class ProgressBar {
  private done = 0;
  private lastDraw = 0;
  private readonly enabled: boolean;

  constructor(
    private readonly stream: Terminal,
    private readonly label: string,
    private readonly total: number,
  ) {
    this.enabled = stream.isTTY === true;
  }

  /** `bytes` more were stored. */
  add(bytes: number): void {
    this.done = Math.min(this.total, this.done + bytes);
    const now = Date.now();
    // Redraw at most ten times a second: a fast link would otherwise flood the terminal.
    if (now - this.lastDraw >= 100 || this.done === this.total) {
      this.lastDraw = now;
      this.draw();
    }
  }

  finish(): void {
    if (this.enabled) this.stream.write('\n');
  }

  private draw(): void {
    if (!this.enabled) return;
    const ratio = this.total === 0 ? 1 : this.done / this.total;
    const width = Math.max(10, Math.min(40, (this.stream.columns ?? 80) - 50));
    const filled = Math.round(ratio * width);
    const bar = `${'#'.repeat(filled)}${'-'.repeat(width - filled)}`;
    const name = this.label.length > 24 ? `…${this.label.slice(-23)}` : this.label;
    const amounts = `${formatBytes(this.done)}/${formatBytes(this.total)}`;
    this.stream.write(`\r${name} [${bar}] ${Math.floor(ratio * 100)}% ${amounts}\u001b[K`);
  }
}
