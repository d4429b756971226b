/** Token counts of pieces already counted, looked up by a piece's place in a text (no string made for it). */
export interface PieceMemo {
  /** The count remembered for `text[start, end)`, or -1 (then {@link PieceMemo.remember} stores that piece's). */
  find(text: string, start: number, end: number): number;
  /** Remembers `count` for the piece the last {@link PieceMemo.find} did not know. */
  remember(count: number): void;
}

/**
 * A {@link PieceMemo}: an open-addressing table of FNV-1a hashes of the pieces' UTF-16 units, each
 * entry checked against the units kept in one growing array. Forgets everything once it holds `most`.
 */
export function createPieceMemo(most: number): PieceMemo {
  let slots = new Int32Array(4096); // 0 = empty, else the entry's index + 1
  let hashes = new Int32Array(2048);
  let starts = new Int32Array(2048);
  let lengths = new Int32Array(2048);
  let counts = new Int32Array(2048);
  let units = new Uint16Array(16384);
  let size = 0;
  let used = 0;
  // The piece the last find missed, and the empty slot it ended on.
  let missText = "";
  let missStart = 0;
  let missLength = 0;
  let missHash = 0;
  let missSlot = 0;

  const grow = () => {
    const capacity = hashes.length * 2;
    const widen = (from: Int32Array) => {
      const to = new Int32Array(capacity);
      to.set(from);
      return to;
    };
    hashes = widen(hashes);
    starts = widen(starts);
    lengths = widen(lengths);
    counts = widen(counts);
    slots = new Int32Array(capacity * 2);
    const mask = slots.length - 1;
    for (let entry = 0; entry < size; entry++) {
      let slot = (hashes[entry] as number) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = entry + 1;
    }
  };

  return {
    find(text, start, end) {
      let hash = 0x811c9dc5;
      for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
      const length = end - start;
      const mask = slots.length - 1;
      let slot = hash & mask;
      for (let entry = slots[slot] as number; entry !== 0; slot = (slot + 1) & mask, entry = slots[slot] as number) {
        const e = entry - 1;
        if (hashes[e] !== hash || lengths[e] !== length) continue;
        const from = (starts[e] as number) - start;
        let i = start;
        while (i < end && units[from + i] === text.charCodeAt(i)) i++;
        if (i === end) return counts[e] as number;
      }
      missText = text;
      missStart = start;
      missLength = length;
      missHash = hash;
      missSlot = slot;
      return -1;
    },
    remember(count) {
      if (size >= most) {
        slots.fill(0);
        size = 0;
        used = 0;
        missSlot = missHash & (slots.length - 1);
      }
      if (used + missLength > units.length) {
        const wider = new Uint16Array(Math.max(units.length * 2, used + missLength));
        wider.set(units.subarray(0, used));
        units = wider;
      }
      for (let i = 0; i < missLength; i++) units[used + i] = missText.charCodeAt(missStart + i);
      hashes[size] = missHash;
      starts[size] = used;
      lengths[size] = missLength;
      counts[size] = count;
      slots[missSlot] = size + 1;
      used += missLength;
      size++;
      missText = "";
      // At most half the slots full: probes stay short.
      if (size === hashes.length) grow();
    },
  };
}
