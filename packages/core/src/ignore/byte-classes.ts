/** Byte sets shared by every pattern compiled with them, each a class number (its row of 256 flags). */
export class ByteClasses {
  /** Row `n` holds class `n`: `flags[n * 256 + byte]` is 1 for a member. */
  flags = new Uint8Array(256 * 16);
  private readonly known = new Map<string, number>();
  private readonly singles = new Int32Array(256).fill(-1);
  private count = 0;
  /** Every byte. */
  readonly any = this.add(() => true);
  /** Every byte but `/`. */
  readonly notSlash = this.add((b) => b !== 0x2f);
  /** `/` alone. */
  readonly slash = this.single(0x2f);

  /** The class of one byte. */
  single(byte: number): number {
    const known = this.singles[byte] as number;
    if (known !== -1) return known;
    const made = this.add((b) => b === byte);
    this.singles[byte] = made;
    return made;
  }

  /** The class of the bytes `member` accepts, made once per distinct set. */
  add(member: (byte: number) => boolean): number {
    const row = new Uint8Array(256);
    for (let b = 0; b < 256; b++) if (member(b)) row[b] = 1;
    const name = row.join("");
    const found = this.known.get(name);
    if (found !== undefined) return found;
    if ((this.count + 1) * 256 > this.flags.length) {
      const grown = new Uint8Array(this.flags.length * 2);
      grown.set(this.flags);
      this.flags = grown;
    }
    this.flags.set(row, this.count * 256);
    this.known.set(name, this.count);
    return this.count++;
  }
}
