/**
 * A text node that only touches the DOM when what it shows changes (the HUD updates every
 * display frame; most frames nothing has changed, and building strings would allocate).
 * Always text, never HTML.
 */
export class TextCell {
  readonly node = document.createTextNode('');
  private key: string | number = NaN;

  /** True (remembering `key`) when `key` differs from the last one: the caller then `write`s. */
  changed(key: string | number): boolean {
    if (key === this.key) return false;
    this.key = key;
    return true;
  }

  write(text: string): void {
    this.node.data = text;
  }

  /** Shows `value` as is, writing only when it changed. */
  set(value: string | number): void {
    if (this.changed(value)) this.write(String(value));
  }
}
