/** Soak row 4's model of the store: what each acknowledged write leaves, to compare after a kill. */

/** A skill as the kill row tracks it: its switch and the version written into its description. */
export interface ModelSkill {
  enabled: boolean;
  version: number;
}
/** The store's skills by name. */
export type StoreModel = Record<string, ModelSkill>;

/** One write the child started: every change the store offers. */
export type StoreOp =
  { op: 'install'; names: string[]; version: number; force: boolean } | { op: 'enable' | 'disable' | 'remove'; name: string };

/** A line of the child's log: `begin` is written before a write starts, `ack` after the store returned. */
export type LogLine = ({ begin: number } & StoreOp) | { ack: number } | { opened: true };

/** `model` after `op`, as the store documents it (a forced install keeps a replaced skill's switch). */
export function applyOp(model: StoreModel, op: StoreOp): StoreModel {
  const next = { ...model };
  if (op.op === 'install') {
    for (const name of op.names) next[name] = { enabled: model[name]?.enabled ?? true, version: op.version };
  } else if (op.op === 'remove') delete next[op.name];
  else if (next[op.name]) next[op.name] = { ...next[op.name]!, enabled: op.op === 'enable' };
  return next;
}

/** The description a skill of `version` is installed with (how the version is read back). */
export const describe = (version: number) => `Soak skill written by the kill row, version ${version}`;

/** The version in a description written by {@link describe}, or NaN. */
export const versionOf = (description: unknown) => Number(/version (\d+)$/.exec(String(description))?.[1]);
