import { closeSync, fstatSync, openSync, read, readSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type TokenCounter, createO200kCounter } from "./counter.js";

/** Options of {@link loadO200kCounter}. */
export interface LoadO200kOptions {
  /**
   * The table: a path or a `file:` URL. Default: `o200k.bin` next to this module, which is where
   * the package ships it (`dist/o200k.bin`, also exported as `@rulebook/tokenizer-o200k/o200k.bin`)
   * and where a bundler that inlines this module must copy it (next to the bundle).
   */
  table?: string | URL;
}

/**
 * Reads the o200k table and makes an exact o200k_base counter of it. The file is opened and
 * sized on the calling thread (microseconds) and read whole by one job of Node's thread pool,
 * so a caller that starts this early (without awaiting) overlaps the 2.8 MiB read with its
 * own work. Each call reads the table again: keep the counter.
 */
export function loadO200kCounter(options: LoadO200kOptions = {}): Promise<TokenCounter> {
  const table = options.table ?? new URL("./o200k.bin", import.meta.url);
  const path = typeof table === "string" ? table : fileURLToPath(table);
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    return Promise.reject(error);
  }
  return readWhole(fd).then((data) => createO200kCounter(data, { name: path }));
}

// One job of the thread pool, not a chain of asynchronous steps (open, stat, read, close): each
// step would wait for the main thread, and a main thread busy loading a project ran the last
// steps only once it was done (the CLI's `inspect` then sat idle ~10 ms for a read it had
// started at launch).
function readWhole(fd: number): Promise<Uint8Array> {
  let data: Buffer;
  try {
    data = Buffer.allocUnsafeSlow(fstatSync(fd).size);
  } catch (error) {
    closeSync(fd);
    return Promise.reject(error);
  }
  return new Promise((resolve, reject) => {
    read(fd, data, 0, data.length, 0, (error, bytesRead) => {
      try {
        if (error) throw error;
        // A regular file is read whole in one go; a short read finishes here.
        let length = bytesRead;
        while (length < data.length) {
          const more = readSync(fd, data, length, data.length - length, length);
          if (more === 0) break;
          length += more;
        }
        resolve(data.subarray(0, length));
      } catch (failure) {
        reject(failure);
      } finally {
        closeSync(fd);
      }
    });
  });
}
