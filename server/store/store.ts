/**
 * Durable state of the simulator: one JSON document per collection in the data directory, written atomically
 * (temp file + rename) so a crash never leaves half a file. Writes are batched; order-changing calls flush before
 * they answer so an acknowledged order survives a kill.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

/** Provides a collection's current value when the store writes it. */
export type Snapshotter = () => unknown;

/** A file-backed store of named JSON collections. */
export class Store {
  private readonly sources = new Map<string, Snapshotter>();
  private readonly dirty = new Set<string>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    readonly dir: string,
    private readonly delayMs = 100,
  ) {
    mkdirSync(dir, { recursive: true });
  }

  /** Reads a collection saved by an earlier run, or undefined (missing or unreadable files are reported, not fatal). */
  load(name: string): unknown {
    const file = this.file(name);
    if (!existsSync(file)) return undefined;
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as unknown;
    } catch (e) {
      console.error(`[sim] store: ${file} is unreadable, starting that collection empty:`, e);
      return undefined;
    }
  }

  /** Registers how to snapshot a collection when it is written. */
  register(name: string, snapshot: Snapshotter): void {
    this.sources.set(name, snapshot);
  }

  /** Marks a collection changed; it is written within delayMs. */
  touch(name: string): void {
    this.dirty.add(name);
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.flush();
    }, this.delayMs);
  }

  /** Marks a collection changed and writes it now (before acknowledging an order, say). */
  commit(name: string): void {
    this.dirty.add(name);
    this.flush();
  }

  /** Writes every changed collection now. */
  flush(): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    for (const name of this.dirty) {
      const src = this.sources.get(name);
      if (src === undefined) continue;
      const file = this.file(name);
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(src()));
      renameSync(tmp, file);
    }
    this.dirty.clear();
  }

  private file(name: string): string {
    return join(this.dir, `${name}.json`);
  }
}
