/** The console's one connection to the skill store, opened on first need and watched while open. */

import { existsSync } from 'node:fs';
import { isPostgresLocation, maskStoreLocation, openSkillStore, type OpenStoreOptions, type SkillStore } from '../skills/store/store.js';

/**
 * The console's one connection to the skill store at `location` (a SQLite file or a
 * postgres:// URL), opened on first need and watched while open. Reading a SQLite store that
 * does not exist yet sees an empty one and leaves no file (like `skill list`); only a write
 * (install) creates it (like `skill install`).
 */
export class ConsoleStore {
  #store: Promise<SkillStore> | undefined;
  #changes = 0;
  #unwatch: (() => void) | undefined;
  constructor(
    readonly location: string,
    readonly options: OpenStoreOptions = {},
  ) {}

  /** Where the store is, for the page: the file as given, or the URL with its password masked. */
  get shown(): string {
    return maskStoreLocation(this.location);
  }

  /** The open store, or undefined while there is no store file. */
  async forReading(): Promise<SkillStore | undefined> {
    if (!this.#store && !isPostgresLocation(this.location) && !existsSync(this.location)) return undefined;
    return this.forWriting();
  }

  /** The open store, created when missing. */
  forWriting(): Promise<SkillStore> {
    this.#store ??= openSkillStore(this.location, this.options).then((store) => {
      this.#unwatch = store.watch(() => void this.#changes++);
      return store;
    });
    this.#store.catch(() => (this.#store = undefined));
    return this.#store;
  }

  /**
   * A token that changes after the store changed, in this or any other process (the store's
   * `watch`: SQLite checks every 250 ms, PostgreSQL is notified); '' while there is no store.
   */
  async version(): Promise<string> {
    return (await this.forReading()) ? `v${this.#changes}` : '';
  }

  async close(): Promise<void> {
    const store = this.#store;
    this.#store = undefined;
    this.#unwatch?.();
    if (store) await (await store.catch(() => undefined))?.close();
  }
}
