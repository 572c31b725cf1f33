import { existsSync } from 'node:fs';
import { SkillStore } from '../skills/store.js';

/**
 * The console's one connection to the skill store at `path`, opened on first need. Reading
 * a store that does not exist yet sees an empty one and leaves no file (like `skill list`);
 * only a write (install) creates it (like `skill install`).
 */
export class ConsoleStore {
  #store: SkillStore | undefined;
  constructor(readonly path: string) {}

  /** The open store, or undefined while there is no store file. */
  async forReading(): Promise<SkillStore | undefined> {
    if (!this.#store && !existsSync(this.path)) return undefined;
    return this.forWriting();
  }

  /** The open store, created when missing. */
  async forWriting(): Promise<SkillStore> {
    this.#store ??= SkillStore.open(this.path);
    return this.#store;
  }

  /** A token that changes whenever the store changes (in any process); '' while there is no store. */
  async version(): Promise<string> {
    const store = await this.forReading();
    return store ? String(await store.version()) : '';
  }

  close(): void {
    this.#store?.close();
    this.#store = undefined;
  }
}
