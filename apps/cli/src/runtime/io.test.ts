import { describe, expect, it } from "vitest";
import { descriptorWriter } from "./io.js";

/** A descriptor that takes `chunk` bytes a call for `capacity` bytes, then fails with `code`. */
function descriptor(chunk: number, capacity: number, code = "EAGAIN") {
  const taken: number[] = [];
  const write = (_fd: number, data: Uint8Array, offset: number): number => {
    const room = capacity - taken.length;
    if (room === 0) throw Object.assign(new Error(`${code}: write`), { code });
    const n = Math.min(chunk, room, data.length - offset);
    for (let i = 0; i < n; i++) taken.push(data[offset + i] as number);
    return n;
  };
  return { write, bytes: () => Buffer.from(taken), text: () => Buffer.from(taken).toString("utf8") };
}

/** A stream that keeps what it is given. */
function stream() {
  const parts: Buffer[] = [];
  return {
    write: (data: Uint8Array | string) => parts.push(Buffer.from(data)),
    bytes: () => Buffer.concat(parts),
    text: () => Buffer.concat(parts).toString("utf8"),
  };
}

describe("writing the output straight to its descriptor", () => {
  it("writes each text whole, however few bytes a call takes", () => {
    const fd = descriptor(3, Number.POSITIVE_INFINITY);
    const out = stream();
    const write = descriptorWriter(
      1,
      fd.write,
      () => out,
      () => expect.unreachable(),
    );
    write('{ "rules": [\n');
    write('  "café ✓"\n]}\n');
    expect(fd.text()).toBe('{ "rules": [\n  "café ✓"\n]}\n');
    expect(out.text()).toBe("");
  });

  it("goes on through the stream, in order, once the descriptor would block", () => {
    // A full non-blocking pipe after 10 bytes: the rest of that text, and every later one, queue in the stream.
    const fd = descriptor(4, 10);
    const out = stream();
    let asked = 0;
    const write = descriptorWriter(
      1,
      fd.write,
      () => {
        asked++;
        return out;
      },
      () => expect.unreachable(),
    );
    write("first line\n");
    write("second line\n");
    expect(fd.text()).toBe("first line");
    expect(fd.text() + out.text()).toBe("first line\nsecond line\n");
    expect(asked).toBe(2);
  });

  // Long texts are encoded a piece at a time (64 Ki UTF-16 units) into one reused buffer.
  const long = (() => {
    const line = '  { "name": "café ✓", "tokens": 1234 },\n';
    let text = line.repeat(Math.ceil(65_536 / line.length));
    // A surrogate pair (an emoji, 4 bytes in UTF-8) across the first piece's end.
    text = `${text.slice(0, 65_535)}🙂${text.slice(65_535)}`;
    return `${text}${"é".repeat(70_000)}\n`;
  })();

  it("writes a long text byte for byte, with no character cut between two pieces", () => {
    expect(long.charCodeAt(65_535)).toBe(0xd83d);
    const fd = descriptor(50_000, Number.POSITIVE_INFINITY);
    const write = descriptorWriter(
      1,
      fd.write,
      () => expect.unreachable(),
      () => expect.unreachable(),
    );
    write(long);
    write("end\n");
    expect(fd.text()).toBe(`${long}end\n`);
  });

  it("goes on through the stream in order when the descriptor would block in a later piece of a long text", () => {
    const fd = descriptor(4096, 100_000);
    const out = stream();
    const write = descriptorWriter(
      1,
      fd.write,
      () => out,
      () => expect.unreachable(),
    );
    write(long);
    write("after\n");
    // The descriptor took 100,000 bytes, in the second piece and inside a character: the stream has the rest.
    expect(fd.bytes().length).toBe(100_000);
    expect(Buffer.concat([fd.bytes(), out.bytes()]).toString("utf8")).toBe(`${long}after\n`);
  });

  it("reports any other failure once per text and makes no stream", () => {
    const fd = descriptor(64, 5, "EPIPE");
    const failures: string[] = [];
    const write = descriptorWriter(
      1,
      fd.write,
      () => expect.unreachable(),
      (error) => failures.push(error.code ?? ""),
    );
    write("hello world\n");
    expect(fd.text()).toBe("hello");
    expect(failures).toEqual(["EPIPE"]);
  });
});
